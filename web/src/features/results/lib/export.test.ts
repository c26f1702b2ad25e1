import { describe, expect, it } from 'vitest';
import type { ApiRequest, Configuration, Input, Result } from '@promptgrid/contract';
import { buildExport } from './export';
import { readResultsCache, writeResultsCache } from './cache';
import type { ResultsCache } from './types';

const at = '2025-01-01T00:00:00.000Z';
const input = (id: number): Input => ({
  id,
  project: 1,
  name: `Input ${id}`,
  content: `content ${id}`,
  active: true,
  token_count: 3,
  created_at: at,
  updated_at: at,
});
const configuration = (id: number, jsonMode = false): Configuration => ({
  id,
  name: `Prompt ${id}`,
  project: 1,
  ai_model: { id: 7, company: 'openai', model_name: 'gpt-4o-mini', supports_json_mode: true },
  prompt: { content: `system ${id}`, token_count: 2 },
  parameters: { temperature: 0.3, max_tokens: null },
  provider_specific_params: { json_mode: jsonMode },
  json_mode: jsonMode,
  is_active: true,
  created_at: at,
  updated_at: at,
});
const request = (
  id: number,
  inputId: number,
  configurationId: number,
  status: ApiRequest['status'],
  error: string | null = null,
): ApiRequest => ({
  id,
  evaluation: 9,
  input: inputId,
  configuration: configurationId,
  status,
  execution_time: status === 'SUCCESS' ? 1.5 : null,
  input_token_total_count: 10,
  output_token_count: status === 'SUCCESS' ? 20 : null,
  error_message: error,
  attempts: 1,
  scores: [],
  rating: null,
  created_at: at,
  updated_at: at,
});
const result = (requestId: number, inputId: number, configurationId: number): Result => ({
  id: requestId,
  evaluation: 9,
  api_request: requestId,
  input: inputId,
  configuration: configurationId,
  output: '{"ok":true}',
  execution_time: 1.5,
  token_count: 20,
  input_token_total_count: 10,
  created_at: at,
});

describe('buildExport', () => {
  it('holds the evaluation, its inputs, configurations with model and parameters, and every result', () => {
    const data = buildExport(
      {
        evaluationId: 9,
        totalRequests: 2,
        apiRequests: [request(1, 1, 5, 'SUCCESS'), request(2, 1, 6, 'FAILED', 'rate limited')],
        metrics: { average_execution_time: 1.5, input_tokens: 20, output_tokens: 20 },
        results: [result(1, 1, 5)],
        endTime: at,
      },
      [input(1), input(2)],
      [configuration(5, true), configuration(6), configuration(8)],
      { id: 1, name: 'Legal' },
      new Date(at),
    );
    expect(data.evaluation).toMatchObject({
      id: 9,
      status: 'Partial',
      total_requests: 2,
      status_counts: { SUCCESS: 1, FAILED: 1 },
    });
    expect(data.inputs.map((i) => i.id)).toEqual([1]);
    expect(data.configurations.map((c) => c.id)).toEqual([5, 6]);
    expect(data.configurations[0]).toMatchObject({
      model: { company: 'openai', model_name: 'gpt-4o-mini' },
      parameters: { temperature: 0.3, max_tokens: null },
      provider_specific_params: { json_mode: true },
    });
    expect(data.results).toEqual([
      {
        api_request_id: 1,
        input_id: 1,
        configuration_id: 5,
        status: 'SUCCESS',
        output: '{"ok":true}',
        error_message: null,
        execution_time: 1.5,
        input_tokens: 10,
        output_tokens: 20,
      },
      {
        api_request_id: 2,
        input_id: 1,
        configuration_id: 6,
        status: 'FAILED',
        output: null,
        error_message: 'rate limited',
        execution_time: null,
        input_tokens: 10,
        output_tokens: null,
      },
    ]);
  });
});

describe('results cache', () => {
  const cache: ResultsCache = {
    version: 1,
    evaluationId: 3,
    totalRequests: 1,
    apiRequests: [request(1, 1, 5, 'SUCCESS')],
    metrics: null,
    results: [result(1, 1, 5)],
    endTime: null,
    project: null,
    inputs: [input(1)],
    configs: [configuration(5)],
    selections: { inputId: 1, configurationIds: [5], showInput: false },
    savedAt: at,
  };

  it('round-trips per project under the contract key', () => {
    writeResultsCache(12, cache);
    expect(localStorage.getItem('promptgrid:results:12')).not.toBeNull();
    expect(readResultsCache(12)).toEqual(cache);
    expect(readResultsCache(13)).toBeNull();
  });

  it('drops the outputs when the quota is too small, and ignores broken entries', () => {
    const full = {
      setItem: (_k: string, v: string) => {
        if (v.includes('"results":[{')) throw new Error('QuotaExceededError');
        localStorage.setItem('small', v);
      },
      removeItem: () => {},
    } as unknown as Storage;
    expect(writeResultsCache(1, cache, full)).toBe(false);
    expect(JSON.parse(localStorage.getItem('small')!).results).toEqual([]);
    localStorage.setItem('promptgrid:results:14', '{not json');
    expect(readResultsCache(14)).toBeNull();
  });
});
