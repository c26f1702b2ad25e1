import Anthropic from '@anthropic-ai/sdk';
import type {
  MessageCreateParamsNonStreaming,
  MessageCreateParamsStreaming,
  ImageBlockParam,
  MessageParam,
  TextBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import type { ProviderAdapter } from './adapter.js';
import { classifyFailure } from './failure.js';
import { ToolCallAssembler } from './tool-calls.js';
import {
  imageTurnIndex,
  MalformedReplyError,
  thinkingBudgetOf,
  transportError,
  type ProviderCall,
  type StreamedReply,
} from './types.js';

/**
 * Maps a call to the Messages API. max_tokens is required there: the model's default fills an empty one.
 * Messages must hold a user turn, so a call without turns sends the system prompt as that turn. A thinking budget turns
 * extended thinking on (the configuration was refused unless its budget is below max tokens and its temperature 1).
 */
export function anthropicParams(call: ProviderCall): MessageCreateParamsNonStreaming {
  const max_tokens = call.maxTokens ?? call.capabilities.defaultMaxTokens;
  const params: MessageCreateParamsNonStreaming =
    call.messages.length === 0
      ? { model: call.model, max_tokens, messages: [{ role: 'user', content: call.systemPrompt }] }
      : { model: call.model, max_tokens, system: call.systemPrompt, messages: alternatingTurns(call) };
  // The SDK's 1.x types no longer list temperature; the catalog says which models still take it, and the SDK sends it through.
  if (call.capabilities.supportsTemperature)
    (params as MessageCreateParamsNonStreaming & { temperature?: number }).temperature = call.temperature;
  const budget = thinkingBudgetOf(call);
  if (budget !== null) params.thinking = { type: 'enabled', budget_tokens: budget };
  Object.assign(params, anthropicTooling(call));
  return params;
}

/**
 * Of the output tokens (which include thinking, as billed), those spent thinking: the API reports them in
 * output_tokens_details; null when it does not.
 */
const thinkingTokensOf = (usage: { output_tokens_details?: Anthropic.OutputTokensDetails | null } | undefined) =>
  usage?.output_tokens_details?.thinking_tokens ?? null;

/**
 * The Messages API wants user and assistant turns in turn: consecutive turns of one role (two few-shot questions in a
 * row, a conversation after a prefix that ends with a user turn) are sent as one turn holding each as a text block.
 */
function alternatingTurns(call: ProviderCall): MessageParam[] {
  const at = imageTurnIndex(call);
  const turns: { role: ProviderCall['messages'][number]['role']; content: (TextBlockParam | ImageBlockParam)[] }[] = [];
  for (const [index, { role, content }] of call.messages.entries()) {
    const blocks: (TextBlockParam | ImageBlockParam)[] = [{ type: 'text', text: content }];
    // The input's images follow the text of its last user turn, as base64 image blocks.
    if (index === at)
      for (const image of call.images ?? [])
        blocks.push({ type: 'image', source: { type: 'base64', media_type: image.media_type, data: image.data } });
    const last = turns.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else turns.push({ role, content: blocks });
  }
  return turns.map(({ role, content }) => {
    const [only] = content;
    return content.length === 1 && only?.type === 'text' ? { role, content: only.text } : { role, content };
  });
}

/**
 * The tools as the Messages API declares them, and the tool choice. A response schema is declared as one more tool whose
 * input is the answer (decision 0079): every Claude model takes tools, while output_config.format is only on the newest.
 * Without tools of its own the call is made to use it; with tools, the model must use one of them or answer through it.
 */
function anthropicTooling(call: ProviderCall): Pick<MessageCreateParamsNonStreaming, 'tools' | 'tool_choice'> {
  const tools: Anthropic.Tool[] = call.tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.parameters as Anthropic.Tool.InputSchema,
  }));
  const answer = call.responseSchema;
  if (answer)
    tools.push({
      name: answer.name,
      description: 'Give your answer by calling this tool with it as the input.',
      input_schema: answer.schema as Anthropic.Tool.InputSchema,
    });
  if (tools.length === 0) return {};
  if (answer && call.tools.length === 0) return { tools, tool_choice: { type: 'tool', name: answer.name } };
  const choice = call.toolChoice;
  if (typeof choice === 'object') return { tools, tool_choice: { type: 'tool', name: choice.name } };
  if (choice === 'required' || (answer && choice === 'auto')) return { tools, tool_choice: { type: 'any' } };
  return { tools, tool_choice: { type: choice === 'none' ? 'none' : 'auto' } };
}

/**
 * The same call streamed: input tokens come in message_start, the output count in message_delta (cumulative), the
 * text in content_block_delta events; `onText` gets each piece as it comes.
 */
async function streamAnthropic(
  client: Anthropic,
  request: MessageCreateParamsNonStreaming,
  call: ProviderCall,
  signal: AbortSignal,
  onText: (delta: string) => void,
): Promise<StreamedReply> {
  const params: MessageCreateParamsStreaming = { ...request, stream: true };
  const { data: stream, response } = await client.messages.create(params, { signal }).withResponse();
  let inputTokens = 0;
  let outputTokens = 0;
  let reasoningTokens: number | null = null;
  let started = false;
  const toolCalls = new ToolCallAssembler();
  // The blocks that are calls of the answer tool (a response schema): their input is the answer's text.
  const answerBlocks = new Set<number>();
  for await (const event of stream) {
    if (event?.type === 'message_start') {
      started = true;
      const usage = event.message?.usage;
      inputTokens =
        (usage?.input_tokens ?? 0) + (usage?.cache_creation_input_tokens ?? 0) + (usage?.cache_read_input_tokens ?? 0);
      outputTokens = usage?.output_tokens ?? 0;
    } else if (event?.type === 'content_block_start' && event.content_block?.type === 'tool_use') {
      if (event.content_block.name === call.responseSchema?.name) answerBlocks.add(event.index);
      else toolCalls.add(event.index, event.content_block.name, null);
    } else if (event?.type === 'content_block_delta' && event.delta?.type === 'text_delta') {
      if (event.delta.text) onText(event.delta.text);
    } else if (event?.type === 'content_block_delta' && event.delta?.type === 'input_json_delta') {
      if (answerBlocks.has(event.index)) onText(event.delta.partial_json);
      else toolCalls.add(event.index, null, event.delta.partial_json);
    } else if (event?.type === 'message_delta') {
      outputTokens = event.usage?.output_tokens ?? outputTokens;
      reasoningTokens = thinkingTokensOf(event.usage) ?? reasoningTokens;
    }
  }
  if (!started) throw new MalformedReplyError('the reply stream held no message');
  return { inputTokens, outputTokens, reasoningTokens, toolCalls: toolCalls.toolCalls(), headers: response.headers };
}

export const anthropicAdapter: ProviderAdapter<Anthropic, MessageCreateParamsNonStreaming> = {
  features: { images: true, tools: true, responseSchema: true },
  clientKey: (_call, apiKey) => apiKey,
  createClient: (_call, apiKey, options) =>
    new Anthropic({
      apiKey,
      baseURL: options.baseUrl ?? undefined,
      maxRetries: 0,
      timeout: options.timeoutMs,
      fetch: options.fetch,
    }),
  buildRequest: anthropicParams,
  stream: streamAnthropic,
  classifyError: (error) => classifyFailure(transportError(error, Anthropic)),
};
