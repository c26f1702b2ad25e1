import { AzureOpenAI } from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { ProviderAdapter } from './adapter.js';
import { CHAT_COMPLETIONS, sendableHeaders } from './openai.js';

/**
 * Azure OpenAI through the official SDK's AzureOpenAI client: chat completions at
 * {resource}/openai/deployments/{deployment}/chat/completions?api-version=..., the key in the api-key header. The
 * call's model is the deployment's name, which the client puts in the path. Requests and streams are OpenAI's.
 */
export const azureAdapter: ProviderAdapter<AzureOpenAI, ChatCompletionCreateParamsNonStreaming> = {
  ...CHAT_COMPLETIONS,
  clientKey: (call) =>
    JSON.stringify([call.endpoint!.baseUrl, call.endpoint!.apiVersion, call.endpoint!.apiKey, call.endpoint!.headers]),
  createClient: (call, _apiKey, options) => {
    const endpoint = call.endpoint!;
    return new AzureOpenAI({
      endpoint: endpoint.baseUrl.replace(/\/+$/, ''),
      apiKey: endpoint.apiKey ?? '',
      apiVersion: endpoint.apiVersion ?? undefined,
      maxRetries: 0,
      timeout: options.timeoutMs,
      // A resource's address is the user's to give, so it is checked like any endpoint's.
      fetch: options.guardedFetch,
      defaultHeaders: sendableHeaders(endpoint.headers),
    });
  },
};
