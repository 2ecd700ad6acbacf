/** How long background work (the search index, precomputed answers) runs before it lets requests in. */
const SLICE_MS = 10;

/**
 * For background work done in steps: call the result between two steps and
 * await it. Until SLICE_MS have passed since the last pause it resolves at
 * once; then it waits one turn of the event loop (setImmediate), so that the
 * requests that arrived meanwhile are answered before the work goes on.
 */
export function pauseEverySlice(): () => Promise<void> | undefined {
  let sliceStart = performance.now();
  return () => {
    if (performance.now() - sliceStart < SLICE_MS) return undefined;
    return new Promise((resolve) =>
      setImmediate(() => {
        sliceStart = performance.now();
        resolve();
      }),
    );
  };
}
