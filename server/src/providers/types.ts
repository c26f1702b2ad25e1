import type {
  ChatMessage,
  InputImage,
  ReasoningSetting,
  ResponseSchema,
  ToolCall,
  ToolChoice,
  ToolDefinition,
} from '@promptgrid/contract';
import type { ModelCapabilities } from '../db/schema.js';

export type ProviderName = 'openai' | 'anthropic' | 'gemini';
/** Calls to users' endpoints share one lane; each endpoint's own limit applies inside it (ProviderCaller). */
export type Lane = ProviderName | 'custom' | 'mock';

/**
 * A user's endpoint as a call reaches it: its key and headers opened. An OpenAI-compatible server takes chat
 * completions at its base URL; an Azure OpenAI resource takes them at its deployments, under its API version.
 */
export type EndpointTarget = {
  id: number;
  name: string;
  kind: 'openai-compatible' | 'azure';
  /** The server's base URL; for Azure, the resource's endpoint (https://NAME.openai.azure.com). */
  baseUrl: string;
  /** Azure's api-version query parameter; null for an OpenAI-compatible server. */
  apiVersion: string | null;
  /** null: the endpoint takes none, and no Authorization header is sent. */
  apiKey: string | null;
  headers: Record<string, string>;
  /** Calls sent to it at once (in this worker); null: no limit beyond the lane's. */
  concurrency: number | null;
};

/** One call: a configuration's system prompt and parameters, then the turns after it. */
export type ProviderCall = {
  provider: ProviderName | 'custom';
  /** Where a `custom` call goes. */
  endpoint?: EndpointTarget;
  model: string;
  capabilities: ModelCapabilities;
  systemPrompt: string;
  /**
   * The turns after the system prompt: the configuration's messages, then the input's user turn or conversation. Empty
   * when the run chose no input and the configuration has no messages: the system prompt runs alone.
   */
  messages: ChatMessage[];
  /** Images sent with the last user turn, after its text; absent: none. */
  images?: CallImage[];
  temperature: number;
  maxTokens: number | null;
  jsonMode: boolean;
  /** Its reasoning effort or thinking budget; sent only as the model's capabilities say it takes one (absent: none). */
  reasoning?: ReasoningSetting | null;
  /** Declared to the model through its provider's own tool API; none is executed. */
  tools: ToolDefinition[];
  toolChoice: ToolChoice;
  /** The JSON Schema the answer must match (structured output), or null. */
  responseSchema: ResponseSchema | null;
};

/** An image as a call sends it: its type, its bytes in base64, and its size for the mock's description. */
export type CallImage = Pick<InputImage, 'media_type' | 'width' | 'height'> & { data: string };

/**
 * Where a call's images go: the index of its last user turn (the input's), or -1 when it has no user turn or no
 * images. Each provider module puts its own image parts there.
 */
export const imageTurnIndex = (call: ProviderCall): number =>
  (call.images?.length ?? 0) === 0 ? -1 : call.messages.findLastIndex((message) => message.role === 'user');

/** A call that declares no tools and asks for free text. */
export const NO_TOOLS: Pick<ProviderCall, 'tools' | 'toolChoice' | 'responseSchema'> = {
  tools: [],
  toolChoice: 'auto',
  responseSchema: null,
};

/** The call's reasoning effort, when its model takes one (OpenAI's reasoning_effort). */
export const effortOf = (call: ProviderCall) =>
  call.capabilities.reasoning && 'effort' in call.capabilities.reasoning ? (call.reasoning?.effort ?? null) : null;

/** The call's thinking budget in tokens, when its model takes one (Anthropic's extended thinking, Gemini's). */
export const thinkingBudgetOf = (call: ProviderCall) =>
  call.capabilities.reasoning && 'budget' in call.capabilities.reasoning
    ? (call.reasoning?.budget_tokens ?? null)
    : null;

/**
 * ttft: seconds from the attempt's start to its first piece of text; null when no text came (or it was not streamed).
 * outputTokens counts every token the provider bills as output, reasoning included; reasoningTokens says how many of
 * them the model spent reasoning (null: none reported).
 */
export type ProviderReply = {
  output: string;
  /** The tools the model asked to call, in order. */
  toolCalls: ToolCall[];
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number | null;
  ttft: number | null;
};

/** Where a streamed call's text goes as it arrives; `reset`: the call starts again, the text so far is void. */
export type StreamSink = {
  text: (delta: string) => void;
  reset: () => void;
  /** Whether anyone follows the run live now; a mock run streams only then. */
  watched?: () => boolean;
};

/** A streamed reply as a provider module reads it: its text in pieces, then its totals and its HTTP headers (pacing). */
export type StreamedReply = {
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number | null;
  toolCalls: ToolCall[];
  headers?: Headers;
};

/** A provider answered with a body the SDK accepted but that does not hold what a reply must. */
export class MalformedReplyError extends Error {}

/**
 * Failures below HTTP, whichever SDK met them. Each provider module turns its SDK's errors into these with `instanceof`
 * (transportError), and the retry policy tells them apart by these classes: not by class names, which the bundler
 * renames (an SDK's APIConnectionTimeoutError is APIConnectionTimeoutError2 in the built server).
 */
export class ProviderTimeoutError extends Error {}
export class ProviderConnectionError extends Error {}
/**
 * A user's endpoint may not be called: its host is (or resolves to) an address inside a private network, or it answered
 * with a redirect. The message names the rule; nothing was sent past the check.
 */
export class EndpointRefusedError extends Error {}
/** A reply of a chat model is kilobytes; a larger body is not held in memory. */
export const MAX_REPLY_BYTES = 10 * 1024 * 1024;
/** The reply's body passed MAX_REPLY_BYTES: it was cut off rather than held in memory. */
export class ReplyTooLargeError extends Error {
  /** What passed its limit, as a user reads it: the reply, or one event of a streamed reply. */
  constructor(readonly what = `a reply larger than ${MAX_REPLY_BYTES / 1024 / 1024} MB`) {
    super(`The provider sent ${what}.`);
  }
}
/**
 * One event of a streamed reply is a few hundred bytes. The SDKs gather an event's bytes by copying them into a
 * growing buffer until it ends, which costs seconds of CPU well before MAX_REPLY_BYTES: a longer event is cut off.
 */
export const MAX_STREAM_EVENT_BYTES = 1024 * 1024;

type ErrorClass = abstract new (...args: never[]) => Error;

/** An SDK's error for a failed call, as one of the classes above when it is one of those failures. */
export function transportError(
  error: unknown,
  sdk: { APIConnectionTimeoutError: ErrorClass; APIConnectionError: ErrorClass },
): unknown {
  if (error instanceof sdk.APIConnectionTimeoutError) return new ProviderTimeoutError(error.message);
  if (error instanceof sdk.APIConnectionError) {
    const cause = error.cause as { code?: string; message?: string } | undefined;
    if (cause instanceof ReplyTooLargeError || cause instanceof EndpointRefusedError) return cause;
    return new ProviderConnectionError(cause?.code ?? cause?.message ?? error.message ?? 'connection error');
  }
  return error;
}
