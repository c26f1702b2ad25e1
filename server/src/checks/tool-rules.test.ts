import { describe, expect, it } from 'vitest';
import { SaveCheckInput, type ToolCall } from '@promptgrid/contract';
import { compileRule } from './rules.js';
import type { ToolFacts } from './tool-rules.js';

const weatherParameters = {
  type: 'object',
  properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } },
  required: ['city'],
};
const facts = (toolCalls: ToolCall[], responseSchema: object | null = null): ToolFacts => ({
  toolCalls,
  toolSchemas: new Map([['get_weather', JSON.stringify(weatherParameters)]]),
  responseSchema: responseSchema === null ? null : JSON.stringify(responseSchema),
});
const paris: ToolCall = { name: 'get_weather', arguments: { city: 'Paris', days: 3 } };
const lyon: ToolCall = { name: 'get_weather', arguments: { city: 'Lyon' } };
const time: ToolCall = { name: 'get_time', arguments: { zone: 'CET' } };

describe('tool checks', () => {
  it('"Calls tool" passes when some call names the tool', () => {
    const rule = compileRule('calls_tool', 'get_weather');
    expect(rule('', null, facts([time, paris]))).toEqual({ pass: true, score: 1, reason: 'Calls get_weather.' });
    expect(rule('', null, facts([time]))).toEqual({
      pass: false,
      score: 0,
      reason: 'Does not call get_weather; calls get_time.',
    });
    expect(rule('It is sunny.', null, facts([]))?.reason).toBe('Does not call get_weather: makes no tool call.');
  });

  it('"Makes no tool call" passes only on an answer without calls', () => {
    const rule = compileRule('no_tool_call', '');
    expect(rule('It is sunny.', null, facts([]))).toEqual({ pass: true, score: 1, reason: 'Makes no tool call.' });
    expect(rule('', null, facts([paris, time]))).toEqual({
      pass: false,
      score: 0,
      reason: 'Calls get_weather, get_time.',
    });
  });

  it('"Tool arguments match JSON Schema" reads the declared parameters when it has no schema of its own', async () => {
    const declared = compileRule('tool_args_schema', '');
    expect(await declared('', null, facts([paris]))).toMatchObject({ pass: true });
    expect(await declared('', null, facts([{ name: 'get_weather', arguments: { days: 0 } }]))).toEqual({
      pass: false,
      score: 0,
      reason: "The arguments of get_weather do not match the JSON Schema: must have required property 'city'.",
    });
    expect((await declared('', null, facts([time])))?.reason).toBe(
      'Calls get_time, which the configuration does not declare.',
    );
    expect((await declared('', null, facts([{ name: 'get_weather', arguments: '{"city": Paris' }])))?.reason).toBe(
      'The arguments of get_weather are not JSON: "{\\"city\\": Paris".',
    );
    expect(await declared('', null, facts([]))).toMatchObject({ pass: false, reason: 'Makes no tool call.' });

    const ownSchema = compileRule('tool_args_schema', JSON.stringify({ required: ['zone'] }));
    expect(await ownSchema('', null, facts([time]))).toMatchObject({ pass: true });
    expect((await ownSchema('', null, facts([paris])))?.reason).toBe(
      "The arguments of get_weather do not match the JSON Schema: must have required property 'zone'.",
    );
  });

  it('"Tool argument equals" compares the argument at a JSON path with a value, or with the expected output', () => {
    const city = compileRule('tool_arg_equals', JSON.stringify({ path: '$.city', equals: 'Paris' }));
    expect(city('', null, facts([time, paris]))).toEqual({
      pass: true,
      score: 1,
      reason: `get_weather's $.city is "\\"Paris\\"".`,
    });
    expect(city('', null, facts([lyon]))).toEqual({
      pass: false,
      score: 0,
      reason: 'Expected $.city to be "\\"Paris\\"", got "get_weather: \\"Lyon\\"".',
    });
    expect(city('', null, facts([time]))?.reason).toBe('Expected $.city to be "\\"Paris\\"", no call has $.city.');

    const days = compileRule('tool_arg_equals', JSON.stringify({ path: '$.days', equals: 3 }));
    expect(days('', null, facts([paris]))?.pass).toBe(true);

    const expected = compileRule('tool_arg_equals', JSON.stringify({ path: '$.city' }));
    expect(expected('', ' Paris\n', facts([paris]))?.pass).toBe(true);
    expect(expected('', 'Lyon', facts([paris]))?.pass).toBe(false);
    expect(compileRule('tool_arg_equals', JSON.stringify({ path: '$.days' }))('', '3', facts([paris]))?.pass).toBe(
      true,
    );
    // An input that expects nothing is not checked.
    expect(expected('', null, facts([paris]))).toBeNull();
  });

  it('"Matches a JSON Schema" without a schema of its own checks the response schema the configuration declared', async () => {
    const rule = compileRule('json_schema', '');
    const schema = { type: 'object', properties: { summary: { type: 'string' } }, required: ['summary'] };
    expect(await rule('{"summary": "Sunny"}', null, facts([], schema))).toMatchObject({ pass: true });
    expect(await rule('{"mood": "Sunny"}', null, facts([], schema))).toEqual({
      pass: false,
      score: 0,
      reason: "Does not match the JSON Schema: must have required property 'summary'.",
    });
    // A configuration without a response schema leaves nothing to check.
    expect(await rule('free text', null, facts([]))).toBeNull();
  });

  it('saves the new types with the values they need, and refuses a malformed argument check', () => {
    const save = (type: string, value: string) => SaveCheckInput.safeParse({ name: 'Tool', type, value });
    expect(save('calls_tool', 'get_weather').success).toBe(true);
    expect(save('no_tool_call', '').success).toBe(true);
    expect(save('tool_args_schema', '').success).toBe(true);
    expect(save('json_schema', '').success).toBe(true);
    expect(save('calls_tool', '').error?.issues[0]?.message).toBe('Value is required.');
    expect(save('tool_arg_equals', 'city').error?.issues[0]?.message).toBe(
      'The value must be JSON: {"path": "$.city", "equals": "Paris"}.',
    );
    expect(save('tool_arg_equals', '{"path": "city"}').error?.issues[0]?.message).toBe(
      'A JSON path starts with $, as in $.city.',
    );
  });
});
