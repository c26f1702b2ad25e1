import type { StreamSink } from '../../providers/types.js';
import type { Outcome } from '../run-state/outcomes.js';
import type { ClaimedRequest } from '../tasks/tables.js';
import type { LiveHub } from './hub.js';

type Partial = { row: ClaimedRequest; text: string };

/**
 * A worker's side of the live events: the text of each call under way (kept whether or not anyone watches, so a
 * watcher who arrives mid-call gets it whole), published as it grows for the runs someone watches, and each outcome
 * once it is saved.
 */
export class LiveRequests {
  private readonly partials = new Map<number, Partial>();

  constructor(private readonly hub: LiveHub) {
    hub.onWatch((evaluationId) => this.sendSoFar(evaluationId));
  }

  /** Where a call's text goes; `end` must follow when the call is over. */
  sink(row: ClaimedRequest): StreamSink {
    const partial: Partial = { row, text: '' };
    this.partials.set(row.id, partial);
    const evaluationId = row.evaluation_id;
    return {
      text: (delta) => {
        const at = partial.text.length;
        partial.text += delta;
        if (this.hub.isWatched(evaluationId)) this.hub.publish(evaluationId, this.textEvent(row, at, delta));
      },
      reset: () => {
        partial.text = '';
        this.hub.publish(evaluationId, { type: 'reset', id: row.id });
      },
      watched: () => this.hub.isWatched(evaluationId),
    };
  }

  end(requestId: number) {
    this.partials.delete(requestId);
  }

  /** A batch of outcomes was saved; `completed`: the evaluations it completed (their last request, no judging left). */
  saved(batch: Outcome[], completed: number[]) {
    for (const o of batch)
      this.hub.publish(o.evaluation_id, {
        type: 'finished',
        id: o.id,
        status: o.status,
        execution_time: o.execution_time,
        ttft: o.ttft,
        input_token_total_count: o.input_tokens,
        output_token_count: o.output_tokens,
        reasoning_tokens: o.reasoning_tokens ?? null,
        error_message: o.error_message,
      });
    this.completed(completed);
  }

  /** A write completed these evaluations (the outcome of the last request, or the last judgement after it). */
  completed(evaluationIds: number[]) {
    for (const evaluationId of evaluationIds) this.hub.publish(evaluationId, { type: 'done' });
  }

  private textEvent(row: ClaimedRequest, at: number, text: string) {
    return {
      type: 'text' as const,
      id: row.id,
      input: row.input_id,
      configuration: row.configuration_id,
      at,
      text,
    };
  }

  /** A new watcher: the text of the evaluation's calls under way, from their start. */
  private sendSoFar(evaluationId: number) {
    for (const { row, text } of this.partials.values())
      if (row.evaluation_id === evaluationId && text.length > 0)
        this.hub.publish(evaluationId, this.textEvent(row, 0, text));
  }
}
