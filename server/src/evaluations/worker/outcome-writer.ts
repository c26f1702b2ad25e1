import type { CallOutcome } from '../../providers/call.js';
import { BatchWriter } from './batch-writer.js';
import type { ClaimedRow, Outcome } from './queue.js';

/** Collects finished requests and writes them in batches (see BatchWriter). */
export class OutcomeWriter extends BatchWriter<Outcome> {
  /** Adds an outcome to the batch; `lastRunning`: no other call is running, so nothing will join it soon. */
  record({ id, evaluation_id, input_id }: ClaimedRow, outcome: CallOutcome, lastRunning: boolean) {
    this.add(
      outcome.ok
        ? {
            id,
            evaluation_id,
            input_id,
            status: 'SUCCESS',
            execution_time: outcome.executionTime,
            ttft: outcome.reply.ttft,
            input_tokens: outcome.reply.inputTokens,
            output_tokens: outcome.reply.outputTokens,
            error_message: null,
            output: outcome.reply.output,
            cost_usd: outcome.costUsd ?? null,
          }
        : {
            id,
            evaluation_id,
            input_id,
            status: 'FAILED',
            execution_time: outcome.executionTime,
            ttft: null,
            input_tokens: null,
            output_tokens: null,
            error_message: outcome.message,
            output: null,
            cost_usd: null,
          },
      lastRunning,
    );
  }
}
