import type { Database } from '../db/client.js';

/**
 * Channel ready work is announced on, so idle workers in other processes claim it without waiting for their poll. The
 * statements that make tasks ready send it, by the `notify_ready_work` trigger on every task table (its name is older
 * than the queue: the trigger's migration spells it).
 */
export const WORK_CHANNEL = 'promptgrid_evaluation_work';
/** Channel a cancel is announced on (payload: the group's id), so workers in other processes abort its tasks. */
export const CANCEL_CHANNEL = 'promptgrid_evaluation_cancel';

/**
 * Tells the workers of other processes that a group was cancelled, once the caller has ended its tasks: a worker must
 * not abort tasks whose rows still look like its own. The embedded database has one process, and nobody listens.
 */
export async function announceCancel(database: Database, group: number) {
  if (database.kind === 'postgres')
    await database.executeSql(`SELECT pg_notify($1, $2)`, [CANCEL_CHANNEL, String(group)]).catch(() => {});
}
