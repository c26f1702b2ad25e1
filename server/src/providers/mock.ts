import crypto from 'node:crypto';
import { imageLabel, lastUserTurn } from '@promptgrid/contract';
import { countTokens } from '../lib/tokens.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { sample } from 'openapi-sampler';
import type { ToolCall } from '@promptgrid/contract';
import type { ProviderCall, ProviderReply, StreamSink } from './types.js';

/** The mock's first piece comes after this share of its latency, the last at its end. */
const MOCK_FIRST_SHARE = 0.4;
const MOCK_PIECES = 6;

const preview = (text: string, length: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
};

/**
 * Which repetition of its (input, configuration) pair a call is (from 0), the share of calls whose answer should pass
 * (null: no verdict word), from the input's `mock_pass_rate` variables (mockPassRate), and the output the input
 * expects (null: none).
 */
export type MockVariation = { repetition: number; passRate: number | null; expectedOutput?: string | null };

const NO_VARIATION: MockVariation = { repetition: 0, passRate: null };

/**
 * The share of calls whose input has an expected output (and no `mock_pass_rate`) that answer it word for word. A
 * first mock run with a check against the expected output then shows pass rates near this, not 0% everywhere, and
 * still some failures to look at.
 */
export const MOCK_EXPECTED_OUTPUT_RATE = 0.7;

const hash32 = (text: string) => crypto.createHash('sha1').update(text).digest().readUInt32BE(0);

/**
 * A stable number from the call, so the same prompts always give the same reply and latency. Above temperature 0 the
 * repetition is part of it, so repetitions differ the way a sampling model's do; at 0 they are identical.
 */
function seedOf(call: ProviderCall, { repetition }: MockVariation): number {
  const sampled = call.temperature > 0 ? `\n#${repetition}` : '';
  // The images' bytes count too, so two inputs that differ only in their images get different replies.
  const images = (call.images ?? []).map((image) => `\n${hash32(image.data)}`).join('');
  return hash32(`${call.model}\n${call.systemPrompt}\n${JSON.stringify(call.messages)}${images}${sampled}`);
}

/** PASS in about `passRate` of the calls: a uniform number drawn from the seed falls below it. */
const verdictOf = (seed: number, passRate: number) => (hash32(`pass:${seed}`) / 2 ** 32 < passRate ? 'PASS' : 'FAIL');

/**
 * The input's expected output, in MOCK_EXPECTED_OUTPUT_RATE of the calls; null for the others, and always when a
 * `mock_pass_rate` asks for verdict words (the expected text would hide them) or the answer must be a tool call or
 * match a response schema.
 */
function expectedAnswer(call: ProviderCall, seed: number, variation: MockVariation): string | null {
  const expected = variation.expectedOutput ?? null;
  if (expected === null || variation.passRate !== null || call.tools.length > 0 || call.responseSchema) return null;
  return verdictOf(hash32(`expected:${seed}`), MOCK_EXPECTED_OUTPUT_RATE) === 'PASS' ? expected : null;
}

const MOCK_PASS_RATE = 'mock_pass_rate';

/** A configuration name as a variable-name suffix: lower case, each run of other characters one `_`. */
const suffixOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/**
 * The pass rate an input gives a configuration's mock calls: its variable `mock_pass_rate_<configuration name>` (the
 * name as suffixOf spells it, e.g. `mock_pass_rate_terse_v2` for "Terse v2"), else `mock_pass_rate`; a number from 0
 * to 1 (null: neither variable, or not such a number).
 */
export function mockPassRate(variables: Readonly<Record<string, string>>, configurationName: string): number | null {
  const value = variables[`${MOCK_PASS_RATE}_${suffixOf(configurationName)}`] ?? variables[MOCK_PASS_RATE];
  const rate = value === undefined || value.trim() === '' ? NaN : Number(value);
  return rate >= 0 && rate <= 1 ? rate : null;
}

/** What the mock says of the turns it was sent: the one user prompt, or a conversation's length and last user turn. */
function turnsLine(messages: ProviderCall['messages']): string {
  const [only] = messages;
  if (only === undefined) return 'No user prompt was given.';
  if (messages.length === 1 && only.role === 'user') return `User prompt: "${preview(only.content, 120)}"`;
  const last = lastUserTurn(messages);
  const digest = crypto.createHash('sha1').update(last).digest('hex').slice(0, 8);
  return `Conversation of ${messages.length} messages; last user turn: "${preview(last, 120)}" (digest ${digest}).`;
}

/** What the mock says of the images sent with the user turn: '1 image (png, 640x480)'; empty without images. */
function imagesLine(images: ProviderCall['images']): string {
  if (!images?.length) return '';
  return `${images.length} image${images.length === 1 ? '' : 's'} (${images.map(imageLabel).join('; ')})`;
}

/**
 * A value that matches the schema, the same every time: openapi-sampler takes the schema's examples, defaults, first
 * enum values and formats, else a placeholder of each type, and fills in every property.
 */
const exampleOf = (schema: object) => sample(schema, { skipNonRequired: false, quiet: true });

/** The mock's tool call: the named tool, else the first, unless the configuration rules calls out. */
function mockToolCalls(call: ProviderCall): ToolCall[] {
  if (call.tools.length === 0 || call.toolChoice === 'none') return [];
  const choice = call.toolChoice;
  const tool = (typeof choice === 'object' && call.tools.find((t) => t.name === choice.name)) || call.tools[0]!;
  return [{ name: tool.name, arguments: exampleOf(tool.parameters) }];
}

/**
 * The mock model's answer and usage, built from the prompts; no network. With tools it calls one, arguments made to
 * match its schema; with a response schema it answers JSON that matches it. Above temperature 0 each repetition answers
 * differently (and deterministically); with a pass rate the answer's first line says "Verdict: PASS" in about that
 * share of the (configuration, repetition) calls and "Verdict: FAIL" in the others, so a `contains PASS` check passes
 * at a known rate. Without one, an input's expected output is the answer in MOCK_EXPECTED_OUTPUT_RATE of the calls.
 */
export function mockReply(call: ProviderCall, variation: MockVariation = NO_VARIATION): ProviderReply {
  const seed = seedOf(call, variation);
  const verdict = variation.passRate === null ? '' : ` Verdict: ${verdictOf(seed, variation.passRate)}.`;
  const lines = [
    `[mock ${call.provider}/${call.model}]${verdict} This is a simulated response.`,
    `System prompt: "${preview(call.systemPrompt, 80)}"`,
    turnsLine(call.messages),
    ...(call.images?.length ? [`With ${imagesLine(call.images)}.`] : []),
    `Reply #${seed % 10_000}, temperature ${call.temperature}.`,
  ];
  let output = lines.join('\n');
  const toolCalls = mockToolCalls(call);
  const expected = expectedAnswer(call, seed, variation);
  if (expected !== null) output = expected;
  else if (toolCalls.length > 0) output = `[mock ${call.provider}/${call.model}] This is a simulated tool call.`;
  else if (call.responseSchema) output = JSON.stringify(exampleOf(call.responseSchema.schema));
  else if (call.jsonMode)
    output = JSON.stringify({
      mock: true,
      model: call.model,
      reply: seed % 10_000,
      ...(variation.passRate === null ? {} : { verdict: verdictOf(seed, variation.passRate) }),
      summary: lines.slice(1, 3).join(' '),
    });
  if (call.maxTokens !== null && !call.responseSchema && expected === null) {
    const words = output.split(' ');
    if (words.length > call.maxTokens) output = words.slice(0, call.maxTokens).join(' ');
  }
  // Chat formats add a few tokens of framing per message.
  const inputTokens =
    countTokens(call.systemPrompt) + call.messages.reduce((sum, m) => sum + countTokens(m.content) + 7, 0) + 7;
  return {
    output,
    toolCalls,
    inputTokens,
    outputTokens: countTokens(output),
    // The mock does not reason.
    reasoningTokens: null,
    ttft: (mockLatencyMs(call, variation) * MOCK_FIRST_SHARE) / 1000,
  };
}

/** A short simulated latency, 40 to 160 ms, fixed per call. */
export const mockLatencyMs = (call: ProviderCall, variation: MockVariation = NO_VARIATION) =>
  40 + (seedOf(call, variation) % 121);

/** The mock reply cut into a few pieces at word ends, with when each is sent (ms from the call's start). */
export function mockPieces(output: string, latencyMs: number): { pieces: string[]; times: number[] } {
  const words = output.split(/(?<= )/);
  const size = Math.max(1, Math.ceil(words.length / MOCK_PIECES));
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += size) pieces.push(words.slice(i, i + size).join(''));
  if (pieces.length === 0) pieces.push('');
  const first = latencyMs * MOCK_FIRST_SHARE;
  const step = pieces.length > 1 ? (latencyMs - first) / (pieces.length - 1) : 0;
  return { pieces, times: pieces.map((_, i) => (i === pieces.length - 1 ? latencyMs : first + step * i)) };
}

/**
 * The mock's reply after its latency. Its text streams in a few pieces when someone watches the run; otherwise it
 * comes whole at the end (fewer timers for big unwatched runs), with the same ttft.
 */
export async function streamMock(
  call: ProviderCall,
  signal: AbortSignal,
  sink: StreamSink | null,
  variation: MockVariation = NO_VARIATION,
): Promise<ProviderReply> {
  const started = performance.now();
  const reply = mockReply(call, variation);
  const { pieces, times } = mockPieces(reply.output, mockLatencyMs(call, variation));
  if (sink?.watched?.()) {
    for (const [i, piece] of pieces.entries()) {
      const at = times[i]!; // mockPieces gives one time per piece
      await sleep(Math.max(0, at - (performance.now() - started)), undefined, { signal });
      sink.text(piece);
    }
  } else {
    await sleep(times[times.length - 1], undefined, { signal });
  }
  return reply;
}
