import Anthropic from '@anthropic-ai/sdk';
import type {
  MessageCreateParamsNonStreaming,
  MessageCreateParamsStreaming,
} from '@anthropic-ai/sdk/resources/messages';
import { providerFetch } from './fetch.js';
import { ToolCallAssembler } from './tool-calls.js';
import { MalformedReplyError, transportError, type ProviderCall, type StreamedReply } from './types.js';

export function createAnthropicClient(apiKey: string, baseURL: string | null, timeoutMs: number) {
  return new Anthropic({
    apiKey,
    baseURL: baseURL ?? undefined,
    maxRetries: 0,
    timeout: timeoutMs,
    fetch: providerFetch,
  });
}

/**
 * Maps a call to the Messages API. max_tokens is required there: the model's default fills an empty one.
 * Messages must hold a user turn, so a run without inputs sends the system prompt as that turn.
 */
export function anthropicParams(call: ProviderCall): MessageCreateParamsNonStreaming {
  const params: MessageCreateParamsNonStreaming =
    call.userPrompt === null
      ? { model: call.model, max_tokens: 0, messages: [{ role: 'user', content: call.systemPrompt }] }
      : {
          model: call.model,
          max_tokens: 0,
          system: call.systemPrompt,
          messages: [{ role: 'user', content: call.userPrompt }],
        };
  params.max_tokens = call.maxTokens ?? call.capabilities.defaultMaxTokens;
  // The SDK's 1.x types no longer list temperature; the catalog says which models still take it, and the SDK sends it through.
  if (call.capabilities.supportsTemperature)
    (params as MessageCreateParamsNonStreaming & { temperature?: number }).temperature = call.temperature;
  Object.assign(params, anthropicTooling(call));
  return params;
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
export async function streamAnthropic(
  client: Anthropic,
  call: ProviderCall,
  signal: AbortSignal,
  onText: (delta: string) => void,
): Promise<StreamedReply> {
  const params: MessageCreateParamsStreaming = { ...anthropicParams(call), stream: true };
  try {
    const { data: stream, response } = await client.messages.create(params, { signal }).withResponse();
    let inputTokens = 0;
    let outputTokens = 0;
    let started = false;
    const toolCalls = new ToolCallAssembler();
    // The blocks that are calls of the answer tool (a response schema): their input is the answer's text.
    const answerBlocks = new Set<number>();
    for await (const event of stream) {
      if (event?.type === 'message_start') {
        started = true;
        const usage = event.message?.usage;
        inputTokens =
          (usage?.input_tokens ?? 0) +
          (usage?.cache_creation_input_tokens ?? 0) +
          (usage?.cache_read_input_tokens ?? 0);
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
      }
    }
    if (!started) throw new MalformedReplyError('the reply stream held no message');
    return { inputTokens, outputTokens, toolCalls: toolCalls.toolCalls(), headers: response.headers };
  } catch (error) {
    throw transportError(error, Anthropic);
  }
}
