/**
 * Runs `work` on the items of `items` (or of an async iterable, such as
 * answers made as they are asked for) in their order, at most `atOnce` at a
 * time: for work that waits on libuv's threads (files, compression, image
 * decoding), which a few at once keep busy while the event loop hands out
 * the next. An item is taken only when a worker is free, so an iterator may
 * end early (a condition checked as it goes). After a failure (of the work
 * or of the iterable) no new item is taken, and the promise rejects with it.
 */
export async function eachAtOnce<T>(items: Iterable<T> | AsyncIterable<T>, atOnce: number, work: (item: T) => Promise<void>): Promise<void> {
  // An async generator answers concurrent calls of next() in turn.
  const iterator = Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : items[Symbol.iterator]();
  let failed = false;
  const worker = async (): Promise<void> => {
    try {
      while (!failed) {
        const next = await iterator.next();
        if (next.done) return;
        await work(next.value);
      }
    } catch (error) {
      failed = true;
      throw error;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, atOnce) }, worker));
}
