import OpenAI from 'openai';
import { isReservedEndpointHeader } from '@promptgrid/contract';
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { ClientOptions, ProviderAdapter } from './adapter.js';
import { classifyFailure } from './failure.js';
import { ToolCallAssembler } from './tool-calls.js';
import {
  effortOf,
  imageTurnIndex,
  MalformedReplyError,
  transportError,
  type EndpointTarget,
  type ProviderCall,
  type StreamedReply,
} from './types.js';

/**
 * A client for a user's OpenAI-compatible endpoint, through the address guard's `fetch`. Without a key no
 * Authorization header is sent (a null default header removes the SDK's); the extra headers come last, so one may
 * carry the key under another name.
 */
function createEndpointClient(endpoint: EndpointTarget, options: ClientOptions) {
  return new OpenAI({
    apiKey: endpoint.apiKey ?? 'none',
    baseURL: endpoint.baseUrl,
    maxRetries: 0,
    timeout: options.timeoutMs,
    fetch: options.guardedFetch,
    defaultHeaders: {
      ...(endpoint.apiKey === null ? { Authorization: null } : {}),
      ...sendableHeaders(endpoint.headers),
    },
  });
}

/** The endpoint's headers without the reserved ones, which a row saved before they were refused may still hold. */
export const sendableHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !isReservedEndpointHeader(name)));

/** The model ids an endpoint lists at its GET /models. */
async function listEndpointModels(client: OpenAI, signal: AbortSignal): Promise<string[]> {
  const ids: string[] = [];
  try {
    for await (const model of client.models.list({ signal })) if (typeof model?.id === 'string') ids.push(model.id);
  } catch (error) {
    throw transportError(error, OpenAI);
  }
  return ids;
}

/** Maps a call to chat completions, sending only parameters the model accepts (see the catalog's capabilities). */
export function openAiParams(call: ProviderCall): ChatCompletionCreateParamsNonStreaming {
  const params: ChatCompletionCreateParamsNonStreaming = {
    model: call.model,
    messages: [{ role: 'system', content: call.systemPrompt }, ...openAiTurns(call)],
  };
  if (call.capabilities.supportsTemperature) params.temperature = call.temperature;
  if (call.maxTokens !== null) params[call.capabilities.tokenParameter] = call.maxTokens;
  if (call.responseSchema)
    params.response_format = {
      type: 'json_schema',
      json_schema: { name: call.responseSchema.name, schema: call.responseSchema.schema, strict: true },
    };
  else if (call.jsonMode) params.response_format = { type: 'json_object' };
  if (call.tools.length > 0) {
    params.tools = call.tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    }));
    params.tool_choice =
      typeof call.toolChoice === 'string'
        ? call.toolChoice
        : { type: 'function', function: { name: call.toolChoice.name } };
  }
  const effort = effortOf(call);
  if (effort !== null) params.reasoning_effort = effort;
  return params;
}

/** The turns, the input's images as image_url parts (data URLs) after the text of the last user turn. */
function openAiTurns(call: ProviderCall): ChatCompletionMessageParam[] {
  const at = imageTurnIndex(call);
  return call.messages.map(({ role, content }, index) =>
    index === at
      ? {
          role: 'user',
          content: [
            { type: 'text', text: content },
            ...(call.images ?? []).map((image) => ({
              type: 'image_url' as const,
              image_url: { url: `data:${image.media_type};base64,${image.data}` },
            })),
          ],
        }
      : { role, content },
  );
}

/** Of the completion tokens (which include them, as billed), those spent reasoning; null when not reported. */
const reasoningTokensOf = (usage: OpenAI.CompletionUsage | null | undefined) =>
  usage?.completion_tokens_details?.reasoning_tokens ?? null;

/** The same call streamed, with usage in its last chunk; `onText` gets each piece of the reply as it comes. */
async function streamChatCompletions(
  client: OpenAI,
  request: ChatCompletionCreateParamsNonStreaming,
  _call: ProviderCall,
  signal: AbortSignal,
  onText: (delta: string) => void,
): Promise<StreamedReply> {
  const params: ChatCompletionCreateParamsStreaming = {
    ...request,
    stream: true,
    stream_options: { include_usage: true },
  };
  const { data: stream, response } = await client.chat.completions.create(params, { signal }).withResponse();
  let usage: OpenAI.CompletionUsage | null | undefined;
  let chunks = 0;
  const toolCalls = new ToolCallAssembler();
  for await (const chunk of stream) {
    chunks++;
    const delta = chunk?.choices?.[0]?.delta;
    const text = delta?.content ?? delta?.refusal;
    if (text) onText(text);
    for (const piece of delta?.tool_calls ?? [])
      toolCalls.add(piece.index, piece.function?.name, piece.function?.arguments);
    if (chunk?.usage) usage = chunk.usage;
  }
  if (chunks === 0) throw new MalformedReplyError('the reply stream held no chunks');
  return {
    inputTokens: usage?.prompt_tokens ?? 0,
    outputTokens: usage?.completion_tokens ?? 0,
    reasoningTokens: reasoningTokensOf(usage),
    toolCalls: toolCalls.toolCalls(),
    headers: response.headers,
  };
}

/** What chat completions take, for OpenAI, an OpenAI-compatible endpoint and Azure OpenAI alike. */
export const CHAT_COMPLETIONS: Pick<
  ProviderAdapter<OpenAI, ChatCompletionCreateParamsNonStreaming>,
  'features' | 'buildRequest' | 'stream' | 'classifyError'
> = {
  features: { images: true, tools: true, responseSchema: true },
  buildRequest: openAiParams,
  stream: streamChatCompletions,
  classifyError: (error) => classifyFailure(transportError(error, OpenAI)),
};

export const openAiAdapter: ProviderAdapter<OpenAI, ChatCompletionCreateParamsNonStreaming> = {
  ...CHAT_COMPLETIONS,
  clientKey: (_call, apiKey) => apiKey,
  createClient: (_call, apiKey, options) =>
    new OpenAI({
      apiKey,
      baseURL: options.baseUrl ?? undefined,
      maxRetries: 0,
      timeout: options.timeoutMs,
      fetch: options.fetch,
    }),
};

/** A user's OpenAI-compatible endpoint: one client per address, key and headers. */
export const endpointAdapter: ProviderAdapter<OpenAI, ChatCompletionCreateParamsNonStreaming> = {
  ...CHAT_COMPLETIONS,
  clientKey: (call) => JSON.stringify([call.endpoint!.baseUrl, call.endpoint!.apiKey, call.endpoint!.headers]),
  createClient: (call, _apiKey, options) => createEndpointClient(call.endpoint!, options),
  listModels: listEndpointModels,
};
