import { createHook } from 'node:async_hooks';

/** One of Node's own tick objects, held for the life of the process (see below). */
let kept: object | undefined;

/**
 * Keeps the shape of `process.nextTick`'s queue entries alive for good, so
 * every answer's nextTick calls stay on V8's fast path.
 *
 * node:http and node:stream call `process.nextTick` several times per
 * request. Each call builds its queue entry with one object literal whose
 * first keys are computed (internal symbols); V8 compiles such a literal into
 * plain stores only while its feedback has seen one hidden class. Between
 * bursts of work no entry is alive, and a full garbage collection then frees
 * that hidden class; the next entry gets a new one, the feedback turns
 * megamorphic, and from then on every entry is built by a call into V8's
 * runtime. A short-lived script never collects in such a gap; a server that
 * loads content, builds a search index and precomputes answers before its
 * first request does, and then answered a precomputed GET of the demo
 * content about a third slower (the same handler, in the same process, with
 * and without this). Holding one entry keeps its hidden class, and the chain of
 * classes that leads to it, reachable.
 *
 * The entry is taken from an async_hooks init hook, the one public place Node
 * hands it out, enabled for a single nextTick call. Call this first thing,
 * before any heavy work; a second call does nothing. Returns whether an entry
 * is held (a Node that no longer reports TickObjects would leave it false).
 */
export function keepTickObjectShape(): boolean {
  if (kept) return true;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject' && !kept) kept = resource;
    },
  });
  hook.enable();
  process.nextTick(() => {});
  hook.disable();
  return kept !== undefined;
}
