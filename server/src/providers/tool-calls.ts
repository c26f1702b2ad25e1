import type { ToolCall } from '@promptgrid/contract';

/** A tool call's arguments as JSON; the text as the model wrote it when it is not JSON (a check then says so). */
export function parseToolArguments(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The tool calls of a streamed reply, put together from their pieces: providers send a call's name once and its
 * arguments as JSON text in pieces, each piece tagged with the call's position in the reply.
 */
export class ToolCallAssembler {
  private readonly calls = new Map<number, { name: string; argumentsText: string }>();

  add(index: number, name: string | null | undefined, argumentsPiece: string | null | undefined) {
    const call = this.calls.get(index) ?? { name: '', argumentsText: '' };
    if (name) call.name += name;
    if (argumentsPiece) call.argumentsText += argumentsPiece;
    this.calls.set(index, call);
  }

  /** The calls in the order of their positions. */
  toolCalls(): ToolCall[] {
    return [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, call]) => ({ name: call.name, arguments: parseToolArguments(call.argumentsText) }));
  }
}
