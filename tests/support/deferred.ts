/** A promise the test settles when it chooses: the actor's waiting states can be asserted. */
export const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

/** Lets settled promises run their callbacks (the actor's onDone / onError). */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
