import type { Database } from '../../db/client.js';
import type { RunSnapshot } from '../../db/schema.js';
import type { EncryptionKey } from '../../api-keys/sealing.js';
import { readActiveKey } from '../../api-keys/service.js';
import { ProviderCaller, type ProviderSettings } from '../../providers/call.js';
import type { EndpointTarget, ProviderName } from '../../providers/types.js';
import { readEndpointTarget } from '../../endpoints/sealed.js';
import type { Metrics } from '../../metrics/registry.js';
import { BudgetRoom } from './budget-reservations.js';
import type { LiveRequests } from '../live/live-requests.js';

/** A user's keys are read again after this long: a key removed or replaced stops being used within it. */
const KEY_CACHE_MS = 3_000;
/** Contexts of the evaluations most recently run are kept; an older one is read again if it is needed. */
const CONTEXT_CACHE_SIZE = 200;

/** What a call runs with: its evaluation's frozen configurations and inputs by id, and whose keys to use. */
export type EvaluationContext = {
  userId: number;
  /** The run's budget (USD): its calls reserve their worst case against it before they are sent. */
  budgetUsd: number | null;
  configurations: Map<number, RunSnapshot['configurations'][number]>;
  inputs: Map<number, RunSnapshot['inputs'][number]>;
};

/**
 * What the call and judge tasks of one worker share: one provider client per provider and key (one connection pool),
 * the users' keys and the runs' contexts read briefly once for many tasks, the budget room, and the live text.
 */
export class EngineServices {
  readonly caller: ProviderCaller;
  readonly budget: BudgetRoom;
  readonly metrics: Metrics | null;
  private readonly contexts = new Map<number, Promise<EvaluationContext | null>>();
  /** Users' keys and endpoints, read briefly once for many calls. */
  private readonly keys = new Map<string, { value: Promise<unknown>; until: number }>();

  constructor(
    readonly database: Database,
    readonly settings: ProviderSettings,
    private readonly sealingKey: EncryptionKey,
    workerId: string,
    /** Where calls' text goes as it streams in, for whoever watches their runs live. */
    readonly live: LiveRequests | null,
    {
      caller = new ProviderCaller(settings),
      metrics,
    }: {
      /** The app's provider clients when the worker runs inside the app; a worker process builds its own. */
      caller?: ProviderCaller;
      /** Where provider calls are counted, when the process serves metrics. */
      metrics?: Metrics;
    } = {},
  ) {
    this.caller = caller;
    this.metrics = metrics ?? null;
    this.budget = new BudgetRoom(database, workerId);
  }

  /** The evaluation's context (cached); null once the evaluation is deleted. */
  context(evaluationId: number): Promise<EvaluationContext | null> {
    let context = this.contexts.get(evaluationId);
    if (!context) {
      context = this.database
        .executeSql<{ user_id: number; snapshot: RunSnapshot | string; budget_usd: number | null }>(
          'SELECT user_id, snapshot, budget_usd FROM evaluations WHERE id = $1',
          [evaluationId],
        )
        .then(({ rows: [row] }) => {
          if (!row) return null;
          const snapshot = typeof row.snapshot === 'string' ? (JSON.parse(row.snapshot) as RunSnapshot) : row.snapshot;
          return {
            userId: row.user_id,
            budgetUsd: row.budget_usd,
            configurations: new Map(snapshot.configurations.map((c) => [c.id, c])),
            inputs: new Map(snapshot.inputs.map((i) => [i.id, i])),
          };
        });
      context.catch(() => this.contexts.delete(evaluationId));
      if (this.contexts.size >= CONTEXT_CACHE_SIZE) this.contexts.delete(this.contexts.keys().next().value!);
      this.contexts.set(evaluationId, context);
    }
    return context;
  }

  /** The user's endpoint as a call reaches it (cached briefly, like keys); null once it was deleted. */
  endpoint(userId: number, endpointId: number): Promise<EndpointTarget | null> {
    return this.cached(`${userId}:endpoint:${endpointId}`, () =>
      readEndpointTarget(this.database.db, this.sealingKey, userId, endpointId),
    );
  }

  /** The user's active key for the provider (cached briefly). */
  apiKey(userId: number, provider: ProviderName): Promise<string | null> {
    return this.cached(`${userId}:${provider}`, () =>
      readActiveKey(this.database.db, this.sealingKey, userId, provider),
    );
  }

  private cached<T>(id: string, read: () => Promise<T>): Promise<T> {
    const cached = this.keys.get(id);
    if (cached && cached.until > Date.now()) return cached.value as Promise<T>;
    const value = read();
    value.catch(() => this.keys.delete(id));
    this.keys.set(id, { value, until: Date.now() + KEY_CACHE_MS });
    return value;
  }
}
