import { fromPromise } from 'xstate';

/**
 * What every machine's invoked effects share: the stand-in a hook replaces with `.provide()`, and
 * the words a refusal is shown with. No I/O here: the effects are provided.
 */

/** An invoked effect the machine's hook provides with `.provide()`; until then it says so. */
export const unprovided = <Output, Input>(name: string) =>
  fromPromise<Output, Input>(async () => {
    throw new Error(`${name} is not provided: add it with .provide()`);
  });

/** The server's (Chinese) words of a refusal, or the flow's own when it gave none. */
export const messageOf = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;
