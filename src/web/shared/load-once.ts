/**
 * A lazy chunk's download, once: every caller gets the same promise, and a failed download
 * (offline, or a deploy renamed the chunk) is tried again at the next call.
 */
export const loadOnce = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
};
