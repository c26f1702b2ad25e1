import { z } from 'zod';

/** Tool and schema names as every provider accepts them (OpenAI's rule is the strictest: 64 of these characters). */
const NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
const nameOf = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .regex(NAME_PATTERN, { error: `${label} must be 1 to 64 letters, digits, underscores or hyphens.` });

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON Schema as the API takes it: a JSON object (the server checks it against the meta-schema with Ajv). */
export const JsonSchemaObject = z
  .record(z.string(), z.unknown(), { error: 'A JSON Schema must be a JSON object.' })
  .refine(isObject, { error: 'A JSON Schema must be a JSON object.' });
export type JsonSchemaObject = z.infer<typeof JsonSchemaObject>;

/**
 * A tool as OpenAI's API declares it, `{"type": "function", "function": {name, description, parameters}}`, as its
 * function: what people copy from OpenAI's documents or their own code is taken as it is. Anything else is unchanged.
 */
export const unwrapOpenAiTool = (tool: unknown): unknown =>
  isObject(tool) && tool.type === 'function' && isObject(tool.function) ? tool.function : tool;

/** A function the model may call: it is declared to the provider, never executed here. */
export const ToolDefinition = z.preprocess(
  unwrapOpenAiTool,
  z.object({
    name: nameOf('Tool name'),
    description: z.string().max(4000, { error: 'A tool description must be at most 4000 characters.' }).default(''),
    /** The arguments' JSON Schema; providers take an object schema here. */
    parameters: JsonSchemaObject.refine((schema) => schema.type === 'object', {
      error: 'Tool parameters must be a JSON Schema with "type": "object".',
    }),
  }),
);
export type ToolDefinition = z.infer<typeof ToolDefinition>;

/** Whether the model may, must or must not call a tool, or must call the named one. */
export const ToolChoice = z.union([z.enum(['auto', 'required', 'none']), z.object({ name: nameOf('Tool name') })], {
  error: "Tool choice must be 'auto', 'required', 'none' or {\"name\": a tool's name}.",
});
export type ToolChoice = z.infer<typeof ToolChoice>;

/** The JSON Schema a structured answer must match, under the name providers ask for. */
export const ResponseSchema = z.object({
  name: nameOf('Schema name').default('answer'),
  schema: JsonSchemaObject,
});
export type ResponseSchema = z.infer<typeof ResponseSchema>;

/** A call the model asked for: the tool's name and its arguments as JSON (the raw text when they were not JSON). */
export const ToolCall = z.object({ name: z.string(), arguments: z.unknown() });
export type ToolCall = z.infer<typeof ToolCall>;

export const TOOLS_MAX = 32;

/** What a configuration declares beyond its prompt: tools, the tool choice and a response schema. */
export const configurationToolingFields = {
  tools: z
    .array(ToolDefinition, { error: 'Tools must be a JSON list of tool definitions.' })
    .max(TOOLS_MAX, { error: `At most ${TOOLS_MAX} tools.` })
    .default([]),
  tool_choice: ToolChoice.default('auto'),
  response_schema: ResponseSchema.nullable().default(null),
};
export const ConfigurationTooling = z.object(configurationToolingFields);
export type ConfigurationTooling = z.infer<typeof ConfigurationTooling>;

/**
 * Tool names are unique, a named tool choice names a declared tool, a required call has a tool to call, and the response
 * schema's name is none of the tools' (Anthropic receives it as a tool of that name).
 */
export function refineTooling(tooling: ConfigurationTooling, context: z.RefinementCtx) {
  const names = tooling.tools.map((tool) => tool.name);
  names.forEach((name, index) => {
    if (names.indexOf(name) !== index)
      context.addIssue({ code: 'custom', path: ['tools', index, 'name'], message: 'Tool names must be unique.' });
  });
  const choice = tooling.tool_choice;
  if (typeof choice === 'object' && !names.includes(choice.name))
    context.addIssue({ code: 'custom', path: ['tool_choice'], message: `No tool is named ${choice.name}.` });
  if (choice === 'required' && names.length === 0)
    context.addIssue({ code: 'custom', path: ['tool_choice'], message: 'A required tool call needs a tool.' });
  if (tooling.response_schema && names.includes(tooling.response_schema.name))
    context.addIssue({
      code: 'custom',
      path: ['response_schema', 'name'],
      message: 'The schema name must differ from every tool name.',
    });
}

/** A tool call's arguments as a person reads them: pretty-printed JSON, or the raw text the model wrote. */
export const formatToolArguments = (value: unknown) =>
  typeof value === 'string' ? value : JSON.stringify(value, null, 2);

/** Tool calls as one JSON text, for exports and diffs; '' when the model made none. */
export const toolCallsText = (calls: readonly ToolCall[] | null | undefined) =>
  calls && calls.length > 0 ? JSON.stringify(calls, null, 2) : '';

/** An answer as diffs compare it: its output, then its tool calls as pretty JSON; null while it has no output. */
export const answerText = (output: string | null | undefined, toolCalls: readonly ToolCall[] | null | undefined) =>
  output == null || !toolCalls || toolCalls.length === 0 ? (output ?? null) : `${output}\n${toolCallsText(toolCalls)}`;
