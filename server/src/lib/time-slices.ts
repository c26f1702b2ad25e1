import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Long work done in slices: the returned function yields to the event loop once the current slice has run for
 * `sliceMs`, so other requests are served between slices. Used for work too long for one turn of the loop (a
 * 10,000-row import: parsing every row and counting its tokens takes seconds of CPU) and too small for a thread.
 */
export function timeSlices(sliceMs = 10): () => Promise<void> {
  let sliceStarted = performance.now();
  return async () => {
    if (performance.now() - sliceStarted < sliceMs) return;
    await nextTurn();
    sliceStarted = performance.now();
  };
}
