import type { Database } from '../../db/client.js';
import type { EncryptionKey } from '../../api-keys/sealing.js';
import type { ProviderCaller, ProviderSettings } from '../../providers/call.js';
import type { QueueEvents, QueueLogger } from '../../queue/events.js';
import { QueueWorker, newWorkerId } from '../../queue/worker.js';
import type { Metrics } from '../../metrics/registry.js';
import type { LiveHub } from '../live/hub.js';
import { LiveRequests } from '../live/live-requests.js';
import { CallTask } from './call.js';
import { JudgeTask } from '../judging/judge-task.js';
import { EngineServices } from './services.js';

type EvaluationWorkerSettings = ProviderSettings & {
  /** Tasks running at once per lane (provider) and task, in this process. */
  concurrency: number;
  /** How long a claim holds without renewal; renewed every third of it. */
  leaseMs: number;
  /** The share of a lane's slots one user's tasks may take at once. */
  maxSharePerOwner?: number;
};

type EvaluationWorkerOptions = {
  /** PostgreSQL URL to LISTEN on for new work; without it other processes' runs are seen at the next poll. */
  listenUrl?: string | null;
  /** Where the worker reports what it does; tests pass their own to wait on. */
  events?: QueueEvents;
  /** Where calls' text and saved outcomes go for runs watched live. */
  live?: LiveHub;
  /** The app's provider clients, shared with its routes; without it the worker builds its own. */
  caller?: ProviderCaller;
  /** Where provider calls are counted for GET /metrics. */
  metrics?: Metrics;
};

/** A queue worker with the evaluation engine's tasks registered: provider calls and judge verdicts. */
export function createEvaluationWorker(
  database: Database,
  settings: EvaluationWorkerSettings,
  sealingKey: EncryptionKey,
  log: QueueLogger,
  { listenUrl = null, events, live, caller, metrics }: EvaluationWorkerOptions = {},
): QueueWorker {
  const id = newWorkerId();
  const services = new EngineServices(database, settings, sealingKey, id, live ? new LiveRequests(live) : null, {
    caller,
    metrics,
  });
  const worker = new QueueWorker(database, settings, log, { id, listenUrl, events })
    .register(new CallTask(services))
    .register(new JudgeTask(services));
  worker.events.on('task:takenOver', ({ task, ids }) => metrics?.leaseTakeovers.inc({ task }, ids.length));
  return worker;
}
