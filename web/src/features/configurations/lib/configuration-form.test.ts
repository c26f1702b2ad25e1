import { describe, expect, it } from 'vitest';
import type { AiModel } from '@promptgrid/contract';
import {
  configurationFieldOf,
  configurationSchema,
  toPayload,
  valuesOf,
  type ConfigurationValues,
} from './configuration-form';

const model = { id: 2, model_name: 'gpt-4o', supports_json_mode: true, max_output_tokens: 16384 } as AiModel;
const filled: ConfigurationValues = {
  ...valuesOf(null),
  name: ' Friendly ',
  prompt_content: 'Be kind.',
  ai_model_id: '2',
};
const withTokens = (max_tokens: string) => ({
  ...filled,
  parameters: { ...filled.parameters, temperature: 0.3, max_tokens },
});
const withReasoning = (effort: string, budget_tokens: string) => ({
  ...filled,
  parameters: { ...filled.parameters, reasoning: { effort, budget_tokens } },
});
const effortModel = { ...model, model_name: 'gpt-5-mini', reasoning: { effort: ['low', 'high'] } } as AiModel;
const budgetModel = {
  ...model,
  model_name: 'gemini-2.5-pro',
  reasoning: { budget: { min: 128, max: 32768 } },
} as AiModel;

/** The message the schema gives each field, by its path. */
function messages(values: ConfigurationValues, chosen: AiModel | null = model) {
  const parsed = configurationSchema(chosen, '3').safeParse(values);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the configuration form', () => {
  it("answers with the contract's own messages, on the fields the server names", () => {
    expect(messages(valuesOf(null), null)).toEqual({
      name: 'Name is required.',
      prompt_content: 'Prompt is required.',
      ai_model_id: 'AI model is required.',
    });
    expect(messages(withTokens('abc'))).toEqual({ 'parameters.max_tokens': 'Max tokens must be a whole number.' });
    expect(messages(withTokens('1.5'))).toEqual({ 'parameters.max_tokens': 'Max tokens must be a whole number.' });
    expect(messages(withTokens('0'))).toEqual({ 'parameters.max_tokens': 'Max tokens must be at least 1.' });
    expect(messages(withTokens('32001'), null)).toEqual({
      'parameters.max_tokens': 'Max tokens must be at most 32000.',
    });
  });

  it("refuses more max tokens than the chosen model's output limit", () => {
    expect(messages(withTokens('16385'))).toEqual({
      'parameters.max_tokens': 'Max tokens must be at most 16384 for gpt-4o.',
    });
    expect(messages(withTokens('16384'))).toEqual({});
  });

  it('sends an empty max tokens as null, the trimmed name and json_mode only for a model that has it', () => {
    expect(toPayload({ ...withTokens(' '), json_mode: true }, model, '3')).toEqual({
      name: 'Friendly',
      prompt_content: 'Be kind.',
      messages: [],
      user_template: '{{input}}',
      ai_model_id: 2,
      parameters: { temperature: 0.3, max_tokens: null, reasoning: null },
      provider_specific_params: { json_mode: true },
      tools: [],
      tool_choice: 'auto',
      response_schema: null,
      project: 3,
    });
    expect(toPayload(withTokens('512'), null, '3')).toMatchObject({
      parameters: { temperature: 0.3, max_tokens: 512 },
      provider_specific_params: {},
    });
  });

  it('sends only the reasoning setting the chosen model takes', () => {
    const typed = withReasoning('high', '2048');
    expect(toPayload(typed, effortModel, '3').parameters.reasoning).toEqual({ effort: 'high' });
    expect(toPayload(typed, budgetModel, '3').parameters.reasoning).toEqual({ budget_tokens: 2048 });
    expect(toPayload(typed, model, '3').parameters.reasoning).toBeNull();
    expect(toPayload(withReasoning('', ' '), effortModel, '3').parameters.reasoning).toBeNull();
    expect(toPayload(withReasoning('', ' '), budgetModel, '3').parameters.reasoning).toBeNull();
    expect(messages(withReasoning('', '64'), budgetModel)).toEqual({
      'parameters.reasoning.budget_tokens': 'Thinking budget for gemini-2.5-pro must be from 128 to 32768 tokens.',
    });
    expect(messages(withReasoning('', 'lots'), budgetModel)).toEqual({
      'parameters.reasoning.budget_tokens': 'Thinking budget must be a whole number of tokens.',
    });
  });

  it("puts a 400's keys on the form's fields", () => {
    expect(configurationFieldOf('prompt_content')).toBe('prompt_content');
    expect(configurationFieldOf('parameters.reasoning.effort')).toBe('parameters.reasoning.effort');
    expect(configurationFieldOf('parameters.reasoning')).toBe('parameters.reasoning.budget_tokens');
    expect(configurationFieldOf('parameters')).toBe('parameters.max_tokens');
    expect(configurationFieldOf('project')).toBeNull();
    expect(configurationFieldOf('tools.1.parameters')).toBe('tools');
    expect(configurationFieldOf('response_schema.schema')).toBe('response_schema');
    expect(configurationFieldOf('tool_choice')).toBe('tool_choice');
  });

  it('sends the tools and the response schema as JSON, empty texts as none, and the named tool choice', () => {
    const tool = { name: 'get_weather', description: '', parameters: { type: 'object' } };
    const values = {
      ...filled,
      tools: JSON.stringify([tool]),
      tool_choice: 'tool:get_weather',
      response_schema: '{"type": "object"}',
    };
    expect(toPayload(values, model, '3')).toMatchObject({
      tools: [tool],
      tool_choice: { name: 'get_weather' },
      response_schema: { name: 'answer', schema: { type: 'object' } },
    });
    expect(messages({ ...values, response_schema: '{"type": ' })).toEqual({
      'response_schema.schema': 'A JSON Schema must be a JSON object.',
    });
  });
});
