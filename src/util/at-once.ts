/**
 * Runs `work` on the items of `items` in their order, at most `atOnce` at a
 * time: for work that waits on libuv's threads (files, compression, image
 * decoding), which a few at once keep busy while the event loop hands out
 * the next. An item is taken only when a worker is free, so an iterator may
 * end early (a condition checked as it goes). After a failure no new item is
 * taken, and the promise rejects with it.
 */
export async function eachAtOnce<T>(items: Iterable<T>, atOnce: number, work: (item: T) => Promise<void>): Promise<void> {
  const iterator = items[Symbol.iterator]();
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed) {
      const next = iterator.next();
      if (next.done) return;
      try {
        await work(next.value);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, atOnce) }, worker));
}
