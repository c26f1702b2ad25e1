import type http from 'node:http';

/** What a streamed fake reply says and when its pieces leave (ms from the request's arrival). */
export type StreamPlan = {
  api: 'openai' | 'anthropic' | 'gemini';
  id: string;
  model: string;
  output: string;
  inputTokens: number;
  /** Every output token, the reasoning ones included (as billed). */
  outputTokens: number;
  /** Of outputTokens, those spent reasoning (0: the call did not ask the model to reason). */
  reasoningTokens: number;
  /** OpenAI's stream_options.include_usage: a last chunk with the usage. */
  includeUsage: boolean;
  firstMs: number;
  lastMs: number;
  /** Stop half-way and close the connection, as a provider that fails mid-reply. */
  breakOff: boolean;
  /** Prefix each piece with when it left (see stampPieces). */
  stamp: boolean;
  /** Into how many pieces to cut the output (at most one per word); by default a few, or more with a timing directive. */
  pieces?: number;
  /** A reply that calls this tool instead of answering text: its arguments (JSON text) are the pieces. */
  toolCall?: FakeToolCall | null;
};

/** A tool call the fake makes: the provider's call id, the tool's name and its arguments as JSON text. */
export type FakeToolCall = { id: string; name: string; arguments: string };

/** Pieces with a timing directive: enough to see text grow; without one all leave at once, so few. */
const TIMED_PIECES = 10;
const UNTIMED_PIECES = 4;

const sse = (data: unknown, event?: string) =>
  `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

/** The output cut into about `count` pieces at word ends. */
export function splitPieces(output: string, count: number): string[] {
  const words = output.split(/(?<= )/);
  const size = Math.max(1, Math.ceil(words.length / count));
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += size) pieces.push(words.slice(i, i + size).join(''));
  return pieces.length > 0 ? pieces : [''];
}

type Usage = Pick<StreamPlan, 'api' | 'inputTokens' | 'outputTokens' | 'reasoningTokens'>;

/** Anthropic's output usage, as message_delta carries it. */
const anthropicOutputUsage = ({ outputTokens, reasoningTokens }: Usage) => ({
  output_tokens: outputTokens,
  ...(reasoningTokens > 0 ? { output_tokens_details: { thinking_tokens: reasoningTokens } } : {}),
});

/**
 * A reply's usage in the provider's shape: OpenAI's and Anthropic's output counts include the reasoning, said apart in
 * their details only when there was some; Gemini counts the thoughts apart from the candidates.
 */
export function usageOf({ api, inputTokens, outputTokens, reasoningTokens }: Usage): Record<string, unknown> {
  const reasoned = reasoningTokens > 0;
  if (api === 'openai')
    return {
      prompt_tokens: inputTokens,
      completion_tokens: outputTokens,
      total_tokens: inputTokens + outputTokens,
      ...(reasoned ? { completion_tokens_details: { reasoning_tokens: reasoningTokens } } : {}),
    };
  if (api === 'gemini')
    return {
      promptTokenCount: inputTokens,
      candidatesTokenCount: outputTokens - reasoningTokens,
      ...(reasoned ? { thoughtsTokenCount: reasoningTokens } : {}),
      totalTokenCount: inputTokens + outputTokens,
    };
  return { input_tokens: inputTokens, ...anthropicOutputUsage({ api, inputTokens, outputTokens, reasoningTokens }) };
}

/** The message Anthropic's stream opens with (message_start), before any content block. */
const anthropicMessage = (plan: StreamPlan) => ({
  id: plan.id,
  type: 'message',
  role: 'assistant',
  model: plan.model,
  content: [],
  stop_reason: null,
  stop_sequence: null,
  usage: { input_tokens: plan.inputTokens, output_tokens: 1 },
});

/** A tool call's arguments in `count` pieces of about equal length: JSON text has no word ends to cut at. */
function splitEvenly(text: string, count: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / count));
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces.length > 0 ? pieces : [''];
}

/**
 * The frames of a reply that calls a tool: OpenAI sends the call's id and name first, then its arguments in pieces
 * (tool_calls deltas with the call's index); Anthropic a tool_use block whose input comes as input_json_delta
 * pieces; Gemini the whole functionCall in one chunk.
 */
function toolCallFrames(plan: StreamPlan, call: FakeToolCall) {
  const created = Math.floor(Date.now() / 1000);
  if (plan.api === 'openai') {
    const chunk = (delta: object, finish: string | null) => ({
      id: plan.id,
      object: 'chat.completion.chunk',
      created,
      model: plan.model,
      choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
    });
    const usage = {
      prompt_tokens: plan.inputTokens,
      completion_tokens: plan.outputTokens,
      total_tokens: plan.inputTokens + plan.outputTokens,
    };
    return {
      head: sse(
        chunk(
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ index: 0, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }],
          },
          null,
        ),
      ),
      piece: (text: string) => sse(chunk({ tool_calls: [{ index: 0, function: { arguments: text } }] }, null)),
      tail:
        sse(chunk({}, 'tool_calls')) +
        (plan.includeUsage ? sse({ ...chunk({}, null), choices: [], usage }) : '') +
        sse('[DONE]'),
    };
  }
  if (plan.api === 'gemini') {
    const chunk = {
      candidates: [
        {
          content: { parts: [{ functionCall: { name: call.name, args: JSON.parse(call.arguments) as unknown } }] },
          index: 0,
          finishReason: 'STOP',
        },
      ],
      usageMetadata: {
        promptTokenCount: plan.inputTokens,
        candidatesTokenCount: plan.outputTokens,
        totalTokenCount: plan.inputTokens + plan.outputTokens,
      },
      modelVersion: plan.model,
      responseId: plan.id,
    };
    return { head: '', piece: () => '', tail: sse(chunk) };
  }
  const message = anthropicMessage(plan);
  const block = { type: 'tool_use', id: call.id, name: call.name, input: {} };
  return {
    head:
      sse({ type: 'message_start', message }, 'message_start') +
      sse({ type: 'content_block_start', index: 0, content_block: block }, 'content_block_start'),
    piece: (text: string) =>
      sse(
        { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: text } },
        'content_block_delta',
      ),
    tail:
      sse({ type: 'content_block_stop', index: 0 }, 'content_block_stop') +
      sse(
        {
          type: 'message_delta',
          delta: { stop_reason: 'tool_use', stop_sequence: null },
          usage: { output_tokens: plan.outputTokens },
        },
        'message_delta',
      ) +
      sse({ type: 'message_stop' }, 'message_stop'),
  };
}

/** The provider's frames: those before the first piece, one per piece, and those after the last. */
function frames(plan: StreamPlan) {
  if (plan.toolCall) return toolCallFrames(plan, plan.toolCall);
  const created = Math.floor(Date.now() / 1000);
  if (plan.api === 'openai') {
    const chunk = (delta: object, finish: string | null) => ({
      id: plan.id,
      object: 'chat.completion.chunk',
      created,
      model: plan.model,
      choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
    });
    const usage = usageOf(plan);
    return {
      head: sse(chunk({ role: 'assistant', content: '', refusal: null }, null)),
      piece: (text: string) => sse(chunk({ content: text }, null)),
      tail:
        sse(chunk({}, 'stop')) +
        (plan.includeUsage ? sse({ ...chunk({}, null), choices: [], usage }) : '') +
        sse('[DONE]'),
    };
  }
  if (plan.api === 'gemini') {
    const chunk = (text: string, last: boolean) => ({
      candidates: [
        { content: { parts: [{ text }], role: 'model' }, index: 0, ...(last ? { finishReason: 'STOP' } : {}) },
      ],
      ...(last ? { usageMetadata: usageOf(plan) } : {}),
      modelVersion: plan.model,
      responseId: plan.id,
    });
    return { head: '', piece: (text: string) => sse(chunk(text, false)), tail: sse(chunk('', true)) };
  }
  const message = anthropicMessage(plan);
  return {
    head:
      sse({ type: 'message_start', message }, 'message_start') +
      sse({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }, 'content_block_start') +
      sse({ type: 'ping' }, 'ping'),
    piece: (text: string) =>
      sse({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } }, 'content_block_delta'),
    tail:
      sse({ type: 'content_block_stop', index: 0 }, 'content_block_stop') +
      sse(
        {
          type: 'message_delta',
          delta: { stop_reason: 'end_turn', stop_sequence: null },
          usage: anthropicOutputUsage(plan),
        },
        'message_delta',
      ) +
      sse({ type: 'message_stop' }, 'message_stop'),
  };
}

const sleepUntil = (arrived: number, ms: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.ceil(ms - (performance.now() - arrived)))));

/** Sends a streamed reply as the provider would, its pieces on the plan's schedule. */
export async function writeStream(res: http.ServerResponse, plan: StreamPlan, arrived: number) {
  const timed = plan.lastMs > plan.firstMs;
  const count = plan.pieces ?? (timed ? TIMED_PIECES : UNTIMED_PIECES);
  const pieces = plan.toolCall ? splitEvenly(plan.toolCall.arguments, count) : splitPieces(plan.output, count);
  const { head, piece, tail } = frames(plan);
  const last = plan.breakOff ? Math.max(1, Math.floor(pieces.length / 2)) : pieces.length;
  const stamped = (text: string) => (plan.stamp ? `⟦${performance.timeOrigin + performance.now()}⟧${text}` : text);
  await sleepUntil(arrived, plan.firstMs);
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  if (!timed && !plan.stamp) {
    res.write(head + pieces.slice(0, last).map(piece).join(''));
  } else {
    res.write(head);
    for (const [i, text] of pieces.slice(0, last).entries()) {
      if (res.destroyed) break;
      if (i > 0) await sleepUntil(arrived, plan.firstMs + ((plan.lastMs - plan.firstMs) * i) / (pieces.length - 1));
      res.write(piece(stamped(text)));
    }
  }
  if (plan.breakOff) return res.destroy();
  res.end(tail);
}
