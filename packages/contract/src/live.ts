import { z } from 'zod';

/**
 * What `GET /api/evaluations/{id}/events/` sends (Server-Sent Events; the SSE event name is the `type`, its data this
 * object as JSON). Request ids, inputs and configurations are the ids the api-requests routes answer.
 */
export const LiveTextEvent = z.object({
  type: z.literal('text'),
  id: z.number().int(),
  input: z.number().int().nullable(),
  configuration: z.number().int(),
  /** Where `text` starts in the reply so far (in UTF-16 units): 0 restarts it, a gap means some text was missed. */
  at: z.number().int().nonnegative(),
  text: z.string(),
});
export type LiveTextEvent = z.infer<typeof LiveTextEvent>;

/** The call started again after a failure: the text so far is void. */
export const LiveResetEvent = z.object({ type: z.literal('reset'), id: z.number().int() });

/** The request ended and its outcome was saved; its output is what the text events added up to. */
export const LiveFinishedEvent = z.object({
  type: z.literal('finished'),
  id: z.number().int(),
  status: z.enum(['SUCCESS', 'FAILED']),
  execution_time: z.number(),
  ttft: z.number().nullable(),
  input_token_total_count: z.number().int().nullable(),
  output_token_count: z.number().int().nullable(),
  /** Of the output tokens, those spent reasoning; null when none were reported. */
  reasoning_tokens: z.number().int().nullable(),
  error_message: z.string().nullable(),
});
export type LiveFinishedEvent = z.infer<typeof LiveFinishedEvent>;

/** Every request of the run has ended; the stream closes after it. */
export const LiveDoneEvent = z.object({ type: z.literal('done') });

/**
 * The server is stopping (a restart or a deploy): the stream closes after it, the run goes on in another process,
 * and the page follows it by polling.
 */
export const LiveClosingEvent = z.object({ type: z.literal('closing') });

export const LiveEvent = z.discriminatedUnion('type', [
  LiveTextEvent,
  LiveResetEvent,
  LiveFinishedEvent,
  LiveDoneEvent,
  LiveClosingEvent,
]);
export type LiveEvent = z.infer<typeof LiveEvent>;
export const LIVE_EVENT_TYPES = ['text', 'reset', 'finished', 'done', 'closing'] as const;
