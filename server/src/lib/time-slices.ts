import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Long work done in slices: the returned function yields to the event loop once the current slice has run for
 * `sliceMs`, so other requests are served between slices. Used for work of our own too long for one turn of the loop
 * (counting the tokens of a 10,000-row import takes seconds of CPU). Parsing users' files runs on the untrusted-work
 * pool instead (docs/decisions/0087).
 */
export function timeSlices(sliceMs = 10): () => Promise<void> {
  let sliceStarted = performance.now();
  return async () => {
    if (performance.now() - sliceStarted < sliceMs) return;
    await nextTurn();
    sliceStarted = performance.now();
  };
}
