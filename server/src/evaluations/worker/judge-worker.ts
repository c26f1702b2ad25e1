import type { Database } from '../../db/client.js';
import type { Lane } from '../../providers/types.js';
import type { ProviderSettings } from '../../providers/call.js';
import { BatchWriter } from './batch-writer.js';
import { workerEvents, type WorkerEvents, type WorkerLogger } from './events.js';
import { readJudgeWork, writeJudgements, type Judgement } from './judge-queue.js';
import { JudgeRunner, type HeldTask } from './judge-runner.js';
import { LaneRunner } from './lane.js';
import {
  claimExpiredJudgeTasks,
  claimPendingJudgeTasks,
  renewLeases,
  returnRequests,
  type Claim,
  type ClaimedJudgeTask,
} from './queue.js';
import { stopAndHandBack } from './hand-back.js';
import type { RequestRunner } from './request-runner.js';

const LANES: Lane[] = ['openai', 'anthropic', 'mock'];

/**
 * The judge tasks' share of a worker process: the same lanes, claims, leases, batched writes and graceful stop as its
 * api requests (decision 0002), over the judge_tasks table. Its lanes report to a channel of their own, so what a test
 * waits on for requests (claimed, idle) is not set off by judgements; its writes report `flushed` like the outcome
 * writer's, with the evaluations whose last judgement they wrote.
 */
export class JudgeWorker {
  private readonly lanes = new Map<Lane, LaneRunner<HeldTask>>();
  private readonly runner: JudgeRunner;
  private readonly writer: BatchWriter<Judgement>;
  private renewTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: Database,
    private readonly settings: ProviderSettings & { concurrency: number; leaseMs: number },
    private readonly workerId: string,
    requests: RequestRunner,
    events: WorkerEvents,
    log: WorkerLogger,
  ) {
    this.writer = new BatchWriter((batch) => writeJudgements(database, workerId, batch), events, log);
    this.runner = new JudgeRunner(database, settings, requests, log, (judgement, lastRunning) =>
      this.writer.add(judgement, lastRunning),
    );
    const laneEvents = workerEvents();
    const claim = (lane: Lane, limit: number): Claim => ({ workerId, lane, limit, leaseMs: settings.leaseMs });
    for (const lane of LANES)
      this.lanes.set(
        lane,
        new LaneRunner<HeldTask>({
          lane,
          concurrency: settings.concurrency,
          claimExpired: async (lane, limit) =>
            this.withWork(await claimExpiredJudgeTasks(database, claim(lane, limit))),
          claimPending: async (lane, limit) =>
            this.withWork(await claimPendingJudgeTasks(database, claim(lane, limit))),
          startCall: (lane, task) => this.runner.run(lane, task),
          events: laneEvents,
          log,
        }),
      );
  }

  start() {
    this.renewTimer = setInterval(
      () => void this.writer.serialize(() => this.renewLeases()),
      Math.max(200, Math.floor(this.settings.leaseMs / 3)),
    );
    for (const lane of this.lanes.values()) lane.start();
  }

  wake() {
    for (const lane of this.lanes.values()) lane.wake();
  }

  /** A cancel stopped the evaluation's judge work: forget its buffered tasks and abort its running judgements. */
  cancel(evaluationId: number) {
    for (const lane of this.lanes.values()) lane.dropEvaluation(evaluationId);
    this.runner.abortEvaluation(evaluationId);
  }

  /** As the worker's stop: no more claims, a grace for running judgements, then the rest are handed back. */
  async stop(graceMs: number) {
    if (this.renewTimer) clearInterval(this.renewTimer);
    await stopAndHandBack(this.lanes.values(), this.runner, this.writer, graceMs, (rows) =>
      returnRequests(this.database, this.workerId, rows, 'judge_tasks'),
    );
  }

  /** Claimed tasks with what judging them needs, read in one statement per claim. */
  private async withWork(tasks: ClaimedJudgeTask[]): Promise<HeldTask[]> {
    if (tasks.length === 0) return [];
    const work = new Map(
      (
        await readJudgeWork(
          this.database,
          tasks.map((t) => t.id),
        )
      ).map((w) => [w.id, w]),
    );
    return tasks.map((task) => ({ ...task, work: work.get(task.id) }));
  }

  private bufferedIds(): number[] {
    return [...this.lanes.values()].flatMap((lane) => lane.bufferedIds());
  }

  private async renewLeases() {
    const held = this.runner.runningIds().concat(this.bufferedIds());
    if (held.length === 0) return;
    await renewLeases(this.database, this.workerId, held, this.settings.leaseMs, 'judge_tasks').catch(() => {});
  }
}
