import crypto from 'node:crypto';
import { z } from 'zod';
import type { ChatMessage } from '@promptgrid/contract';
import type { ModelCapabilities } from '../../db/schema.js';
import { countTokens } from '../../lib/tokens.js';
import { toolCallsText, type ToolCall } from '@promptgrid/contract';
import { NO_TOOLS, type ProviderCall, type ProviderName, type ProviderReply } from '../../providers/types.js';

/**
 * What a judge is shown: the check's rubric, the input's turns the model was sent (its user prompt, or a conversation;
 * none when the system prompt ran alone), the expected output if any, the output and the tools the model asked to
 * call with it.
 */
export type JudgeCase = {
  rubric: string;
  turns: ChatMessage[];
  expected: string | null;
  output: string;
  /** Absent where no output exists yet (an estimate): none. */
  toolCalls?: ToolCall[];
};

/** A judge's verdict as its answer must state it. */
export const JudgeAnswer = z.object({
  pass: z.boolean(),
  score: z.number().min(0).max(1),
  reason: z.string().trim().min(1),
});
export type JudgeAnswer = z.infer<typeof JudgeAnswer>;

/** A reason longer than this is cut: it is shown in a badge's tooltip. */
const REASON_MAX_CHARS = 300;
/** Room for the JSON answer, and for the thinking of a reasoning model before it. */
export const JUDGE_MAX_TOKENS = 1024;

const INSTRUCTIONS = [
  'You are an impartial judge. You grade one output of an AI model against a rubric.',
  'Answer with a single JSON object and nothing else, in exactly this form:',
  '{"pass": true or false, "score": a number from 0 to 1, "reason": "one line saying why"}',
  'pass says whether the output meets the rubric; score says how well (1 = fully).',
].join('\n');

const section = (title: string, text: string) => `<${title}>\n${text}\n</${title}>`;

/** What the model was asked: its one user prompt as it is, or a conversation turn by turn. */
function askedSection(turns: ChatMessage[]): string {
  const [only] = turns;
  if (only === undefined) return section('user_prompt', '(none: the system prompt ran alone)');
  if (turns.length === 1 && only.role === 'user') return section('user_prompt', only.content);
  return section('conversation', turns.map((turn) => section(turn.role, turn.content)).join('\n'));
}

/** The judge's user message: the rubric, then what the model was asked, what was expected, and what it answered. */
export function judgeMessage({ rubric, turns, expected, output, toolCalls = [] }: JudgeCase): string {
  return [
    section('rubric', rubric),
    askedSection(turns),
    ...(expected === null ? [] : [section('expected_output', expected)]),
    section('output', output),
    ...(toolCalls.length === 0 ? [] : [section('tool_calls', toolCallsText(toolCalls))]),
  ].join('\n\n');
}

/** The call to a judge model: deterministic (temperature 0), JSON mode where the model has it. */
export function judgeCall(
  model: {
    company: ProviderName | 'custom';
    model_name: string;
    capabilities: ModelCapabilities;
    supports_json_mode: boolean;
  },
  judgeCase: JudgeCase,
): ProviderCall {
  return {
    provider: model.company,
    model: model.model_name,
    capabilities: model.capabilities,
    systemPrompt: INSTRUCTIONS,
    messages: [{ role: 'user', content: judgeMessage(judgeCase) }],
    temperature: 0,
    maxTokens: JUDGE_MAX_TOKENS,
    jsonMode: model.supports_json_mode,
    ...NO_TOOLS,
  };
}

/**
 * The verdict in a judge's answer, or null when the answer is not one: a JSON object with pass, score (0..1) and a
 * reason, alone or inside one Markdown code fence (some models add one even when told not to). Nothing else is
 * read out of free text, so a chatty answer is retried rather than guessed at.
 */
export function parseJudgeAnswer(answer: string): JudgeAnswer | null {
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/.exec(answer.trim());
  let value: unknown;
  try {
    value = JSON.parse(fenced?.[1] ?? answer);
  } catch {
    return null;
  }
  const parsed = JudgeAnswer.safeParse(value);
  if (!parsed.success) return null;
  const reason = parsed.data.reason.replace(/\s+/g, ' ');
  return {
    ...parsed.data,
    reason: reason.length > REASON_MAX_CHARS ? `${reason.slice(0, REASON_MAX_CHARS)}…` : reason,
  };
}

/**
 * The mock judge of a mock run: a verdict fixed by the rubric and the output (the same pair always gets the same
 * verdict), its answer in the form a real judge must use, and usage counted like the mock provider's.
 */
export function mockJudgeReply(judgeCase: JudgeCase): ProviderReply {
  const seed = crypto.createHash('sha1').update(`${judgeCase.rubric}\n${judgeCase.output}`).digest().readUInt32BE(0);
  const score = (seed % 101) / 100;
  const pass = score >= 0.5;
  const output = JSON.stringify({
    pass,
    score,
    reason: `Mock judge: ${pass ? 'meets' : 'misses'} the rubric (simulated verdict ${score.toFixed(2)}).`,
  });
  return {
    output,
    toolCalls: [],
    inputTokens: countTokens(INSTRUCTIONS) + countTokens(judgeMessage(judgeCase)) + 14,
    outputTokens: countTokens(output),
    reasoningTokens: null,
    ttft: null,
  };
}

/** A short simulated latency for the mock judge, 40 to 160 ms, fixed per case. */
export const mockJudgeLatencyMs = (judgeCase: JudgeCase) =>
  40 + (crypto.createHash('sha1').update(judgeCase.output).digest().readUInt32BE(0) % 121);
