import { unwrapOpenAiTool, type ConfigurationTooling } from '@promptgrid/contract';

/**
 * The tools and the response schema as the editor holds them: JSON texts a person types (empty: none), and the tool
 * choice as its select's value (`tool:<name>` for a named tool). Named as the API names them, so its messages land here.
 */
export type ToolingValues = { tools: string; tool_choice: string; response_schema: string };

export const NO_TOOLING: ConfigurationTooling = { tools: [], tool_choice: 'auto', response_schema: null };

/** The name a response schema is sent under; providers ask for one, people seldom care which. */
const RESPONSE_SCHEMA_NAME = 'answer';

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

export const toolingValuesOf = (c: ConfigurationTooling): ToolingValues => ({
  tools: c.tools.length > 0 ? pretty(c.tools) : '',
  tool_choice: typeof c.tool_choice === 'object' ? `tool:${c.tool_choice.name}` : c.tool_choice,
  response_schema: c.response_schema ? pretty(c.response_schema.schema) : '',
});

/** The text parsed as JSON, or the text itself: the contract then says what it should have been. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** What the API takes: an empty text is no tools, or no response schema. */
export function toolingPayload(values: ToolingValues) {
  const choice = values.tool_choice;
  return {
    tools: values.tools.trim() === '' ? [] : (parsed(values.tools) as ConfigurationTooling['tools']),
    tool_choice: (choice.startsWith('tool:')
      ? { name: choice.slice('tool:'.length) }
      : choice) as ConfigurationTooling['tool_choice'],
    response_schema:
      values.response_schema.trim() === ''
        ? null
        : { name: RESPONSE_SCHEMA_NAME, schema: parsed(values.response_schema) as Record<string, unknown> },
  };
}

/** The tool names the tools text declares so far, for the tool choice's options; none while it is not valid JSON. */
export function declaredToolNames(toolsText: string): string[] {
  const tools = parsed(toolsText);
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool: unknown) => {
    const name = (unwrapOpenAiTool(tool) as { name?: unknown } | null)?.name;
    return typeof name === 'string' && name !== '' ? [name] : [];
  });
}

/** The editor field a 400 body's key belongs to: `tools.1.parameters` to the tools text, and so on. */
export const toolingFieldOf = (key: string) =>
  (['tools', 'tool_choice', 'response_schema'] as const).find((field) => key.split('.')[0] === field) ?? null;
