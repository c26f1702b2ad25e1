import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { providerFetch } from './fetch.js';
import { MalformedReplyError, transportError, type ProviderCall, type ProviderReply } from './types.js';

export function createOpenAiClient(apiKey: string, baseURL: string | null, timeoutMs: number) {
  return new OpenAI({ apiKey, baseURL: baseURL ?? undefined, maxRetries: 0, timeout: timeoutMs, fetch: providerFetch });
}

/** Maps a call to chat completions, sending only parameters the model accepts (see the catalog's capabilities). */
export function openAiParams(call: ProviderCall): ChatCompletionCreateParamsNonStreaming {
  const params: ChatCompletionCreateParamsNonStreaming = {
    model: call.model,
    messages:
      call.userPrompt === null
        ? [{ role: 'system', content: call.systemPrompt }]
        : [
            { role: 'system', content: call.systemPrompt },
            { role: 'user', content: call.userPrompt },
          ],
  };
  if (call.capabilities.supportsTemperature) params.temperature = call.temperature;
  if (call.maxTokens !== null) params[call.capabilities.tokenParameter] = call.maxTokens;
  if (call.jsonMode) params.response_format = { type: 'json_object' };
  return params;
}

export async function callOpenAi(client: OpenAI, call: ProviderCall, signal: AbortSignal): Promise<ProviderReply> {
  const completion = await client.chat.completions.create(openAiParams(call), { signal }).catch((error: unknown) => {
    throw transportError(error, OpenAI);
  });
  const choice = completion?.choices?.[0];
  if (!choice || typeof choice.message !== 'object' || choice.message === null)
    throw new MalformedReplyError('no choices in the reply');
  const usage = completion.usage;
  return {
    output: choice.message.content ?? choice.message.refusal ?? '',
    inputTokens: usage?.prompt_tokens ?? 0,
    outputTokens: usage?.completion_tokens ?? 0,
  };
}
