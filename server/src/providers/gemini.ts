import {
  ApiError,
  FunctionCallingConfigMode,
  GoogleGenAI,
  type Content,
  type FunctionCallingConfig,
  type GenerateContentConfig,
  type GenerateContentParameters,
} from '@google/genai';
import type { ToolCall, ToolChoice } from '@promptgrid/contract';
import type { ProviderAdapter } from './adapter.js';
import { classifyFailure } from './failure.js';
import {
  imageTurnIndex,
  MalformedReplyError,
  ProviderConnectionError,
  ReplyTooLargeError,
  thinkingBudgetOf,
  type ProviderCall,
  type StreamedReply,
} from './types.js';

/**
 * Maps a call to generateContent: the system prompt as the system instruction (or, without turns, as the one user
 * turn), the turns as contents (the assistant's with Gemini's role `model`), temperature and max output tokens where
 * the model takes them, JSON mode as the response's MIME type, a response schema as its JSON Schema, tools as
 * function declarations whose parameters are JSON Schema, and the thinking budget of a model that takes one.
 */
export function geminiParams(call: ProviderCall): GenerateContentParameters {
  const config: GenerateContentConfig = {};
  if (call.messages.length > 0) config.systemInstruction = call.systemPrompt;
  if (call.capabilities.supportsTemperature) config.temperature = call.temperature;
  if (call.maxTokens !== null) config.maxOutputTokens = call.maxTokens;
  if (call.responseSchema) {
    config.responseMimeType = 'application/json';
    config.responseJsonSchema = call.responseSchema.schema;
  } else if (call.jsonMode) config.responseMimeType = 'application/json';
  if (call.tools.length > 0) {
    config.tools = [
      {
        functionDeclarations: call.tools.map((tool) => ({
          name: tool.name,
          description: tool.description,
          parametersJsonSchema: tool.parameters,
        })),
      },
    ];
    config.toolConfig = { functionCallingConfig: functionCallingConfig(call.toolChoice) };
  }
  const budget = thinkingBudgetOf(call);
  if (budget !== null) config.thinkingConfig = { thinkingBudget: budget };
  return {
    model: call.model,
    contents:
      call.messages.length === 0 ? [{ role: 'user', parts: [{ text: call.systemPrompt }] }] : geminiContents(call),
    config,
  };
}

/** The turns as contents (the assistant's with role `model`); the input's images as inlineData parts after its text. */
function geminiContents(call: ProviderCall): Content[] {
  const at = imageTurnIndex(call);
  return call.messages.map(({ role, content }, index) => ({
    role: role === 'assistant' ? 'model' : 'user',
    parts: [
      { text: content },
      ...(index === at
        ? (call.images ?? []).map((image) => ({ inlineData: { mimeType: image.media_type, data: image.data } }))
        : []),
    ],
  }));
}

/** Gemini's modes: ANY is a required call, and a named tool is ANY limited to that function. */
function functionCallingConfig(choice: ToolChoice): FunctionCallingConfig {
  if (typeof choice === 'object') return { mode: FunctionCallingConfigMode.ANY, allowedFunctionNames: [choice.name] };
  if (choice === 'required') return { mode: FunctionCallingConfigMode.ANY };
  return { mode: choice === 'none' ? FunctionCallingConfigMode.NONE : FunctionCallingConfigMode.AUTO };
}

/**
 * What Google's SDK threw, as the caller's retry policy reads failures: an HTTP error keeps its status (ApiError), a
 * failure below HTTP becomes a ProviderConnectionError; the SDK has no classes of its own for those.
 */
function geminiError(error: unknown): unknown {
  if (error instanceof ApiError || error instanceof ReplyTooLargeError) return error;
  if (error instanceof ProviderConnectionError || error instanceof MalformedReplyError) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return new ProviderConnectionError(code);
  const message = (error as Error).message ?? '';
  if (/parsing stream chunk|Incomplete JSON/.test(message)) return new MalformedReplyError(message);
  return error;
}

/** A call streamed (streamGenerateContent, SSE): each chunk's text goes to `onText`; the usage comes in the last ones. */
async function streamGemini(
  client: GoogleGenAI,
  params: GenerateContentParameters,
  _call: ProviderCall,
  signal: AbortSignal,
  onText: (delta: string) => void,
): Promise<StreamedReply> {
  const stream = await client.models.generateContentStream({
    ...params,
    config: { ...params.config, abortSignal: signal },
  });
  let inputTokens = 0;
  let outputTokens = 0;
  let reasoningTokens: number | null = null;
  let chunks = 0;
  // Gemini sends each function call whole, in one part.
  const toolCalls: ToolCall[] = [];
  for await (const chunk of stream) {
    chunks++;
    for (const part of chunk.candidates?.[0]?.content?.parts ?? []) {
      // A thinking model's thought summaries are not the reply.
      if (typeof part.text === 'string' && part.text && !part.thought) onText(part.text);
      if (part.functionCall?.name)
        toolCalls.push({ name: part.functionCall.name, arguments: part.functionCall.args ?? {} });
    }
    const usage = chunk.usageMetadata;
    if (usage) {
      inputTokens = usage.promptTokenCount ?? inputTokens;
      // Thinking tokens are billed as output: the output counts them, and says how many they were apart.
      outputTokens = (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0) || outputTokens;
      reasoningTokens = usage.thoughtsTokenCount ?? reasoningTokens;
    }
  }
  if (chunks === 0) throw new MalformedReplyError('the reply stream held no chunks');
  return { inputTokens, outputTokens, reasoningTokens, toolCalls };
}

export const geminiAdapter: ProviderAdapter<GoogleGenAI, GenerateContentParameters> = {
  features: { images: true, tools: true, responseSchema: true },
  clientKey: (_call, apiKey) => apiKey,
  // The SDK's own retries are off (one attempt): the caller's retry policy decides, as for the other providers.
  createClient: (_call, apiKey, options) =>
    new GoogleGenAI({
      apiKey,
      httpOptions: {
        ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
        retryOptions: { attempts: 1 },
        fetch: options.fetch,
      },
    }),
  buildRequest: geminiParams,
  stream: streamGemini,
  classifyError: (error) => classifyFailure(geminiError(error)),
};
