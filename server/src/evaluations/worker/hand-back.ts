import type { LaneRunner } from './lane.js';

/** What stopping needs of a runner of calls (requests or judgements). */
export type CallRunner = {
  /** Resolves when every call has ended, or after `timeoutMs` if some are still running. */
  settled(timeoutMs?: number): Promise<void>;
  runningIds(): number[];
  abortAll(): void;
};

/** Resolves when all `calls` have ended, or after `timeoutMs` if some are still running. */
export async function settleCalls(calls: Iterable<Promise<unknown>>, timeoutMs?: number) {
  const all = Promise.allSettled([...calls]);
  if (timeoutMs === undefined) await all;
  else await Promise.race([all, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
}

/**
 * The stop of a worker over one queue: no more claims, a grace for running calls, then the rest are aborted, the
 * writer flushes what ended, and the rows still held (interrupted or never started) go back to the queue.
 */
export async function stopAndHandBack<Row extends { id: number; evaluation_id: number }>(
  lanes: Iterable<LaneRunner<Row>>,
  runner: CallRunner,
  writer: { close(): Promise<void> },
  graceMs: number,
  handBack: (rows: { interrupted: number[]; unstarted: number[] }) => Promise<void>,
) {
  const all = [...lanes];
  await Promise.all(all.map((lane) => lane.stop()));
  await runner.settled(graceMs);
  const interrupted = runner.runningIds();
  const unstarted = all.flatMap((lane) => lane.bufferedIds());
  runner.abortAll();
  await runner.settled();
  await writer.close();
  for (const lane of all) lane.dropBuffer();
  if (interrupted.length + unstarted.length > 0) await handBack({ interrupted, unstarted }).catch(() => {});
}
