import { describe, expect, it } from 'vitest';
import { MOCK_OUTPUTS_NOTE } from '@promptgrid/contract';
import { apiRequestFixture, configurationFixture, FIXED_TIME, inputFixture, resultFixture } from '@/testing/fixtures';
import { buildExport } from './export';

const at = FIXED_TIME;
const input = (id: number) => inputFixture(id, { content: `content ${id}` });
const configuration = (id: number, jsonMode = false) =>
  configurationFixture(id, { provider_specific_params: { json_mode: jsonMode }, json_mode: jsonMode });
const request = apiRequestFixture;
const result = (requestId: number, inputId: number, configurationId: number) =>
  resultFixture(requestId, inputId, configurationId);

describe('buildExport', () => {
  it('holds the evaluation, its inputs, configurations with model and parameters, and every result', () => {
    const data = buildExport(
      {
        evaluationId: 9,
        totalRequests: 2,
        apiRequests: [
          {
            ...request(1, 1, 5, 'SUCCESS'),
            scores: [{ check_id: 4, pass: true, score: 1, reason: 'Contains "ok".', error: null }],
            rating: { rating: 1, note: 'Crisp' },
            judge_cost_usd: 0.00004,
          },
          request(2, 1, 6, 'FAILED', 'rate limited'),
        ],
        metrics: {
          average_execution_time: 1.5,
          input_tokens: 20,
          output_tokens: 20,
          cost_usd: null,
          cost_complete: true,
          judge_cost_usd: null,
          total_cost_usd: null,
          cancelled: false,
        },
        results: [result(1, 1, 5)],
        endTime: at,
      },
      [input(1), input(2)],
      [configuration(5, true), configuration(6), configuration(8)],
      { id: 1, name: 'Legal' },
      new Date(at),
      new Map([[4, 'Says ok']]),
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
        repetition: 0,
        status: 'SUCCESS',
        system_prompt: 'System',
        user_prompt: 'User',
        messages: [{ role: 'user', content: 'User' }],
        output: '{"ok":true}',
        tool_calls: [],
        error_message: null,
        execution_time: 1.5,
        input_tokens: 10,
        output_tokens: 20,
        reasoning_tokens: null,
        scores: [{ check_id: 4, check_name: 'Says ok', pass: true, score: 1, reason: 'Contains "ok".', error: null }],
        rating: { rating: 1, note: 'Crisp' },
        cost_usd: 0.00018,
        judge_cost_usd: 0.00004,
      },
      {
        api_request_id: 2,
        input_id: 1,
        configuration_id: 6,
        repetition: 0,
        status: 'FAILED',
        system_prompt: 'System',
        user_prompt: 'User',
        messages: [{ role: 'user', content: 'User' }],
        output: null,
        tool_calls: [],
        error_message: 'rate limited',
        execution_time: null,
        input_tokens: 10,
        output_tokens: null,
        reasoning_tokens: null,
        scores: [],
        rating: null,
        cost_usd: null,
        judge_cost_usd: null,
      },
    ]);
  });
});

describe('the JSON export of a run with repetitions', () => {
  it('holds every repetition of each pair, numbered, in api request order', () => {
    const requests = [0, 1, 2].map((repetition) => ({
      ...apiRequestFixture(repetition + 1, 1, 5, 'SUCCESS'),
      repetition,
    }));
    const exported = buildExport(
      {
        evaluationId: 9,
        totalRequests: 3,
        apiRequests: requests,
        metrics: null,
        results: requests.map((r) => resultFixture(r.id, 1, 5, `Answer ${r.id}`)),
        endTime: null,
      },
      [],
      [],
      null,
    );
    expect(exported.results.map((r) => [r.api_request_id, r.repetition, r.output])).toEqual([
      [1, 0, 'Answer 1'],
      [2, 1, 'Answer 2'],
      [3, 2, 'Answer 3'],
    ]);
  });

  it("says first that a mock run's scores measure nothing; a real run's notice is null", () => {
    const snapshot = { evaluationId: 9, totalRequests: 0, apiRequests: [], metrics: null, results: [], endTime: null };
    const mock = buildExport(snapshot, [], [], null, new Date(at), new Map(), true);
    expect(Object.keys(mock).slice(0, 3)).toEqual(['format', 'version', 'notice']);
    expect(mock.notice).toBe(MOCK_OUTPUTS_NOTE);
    expect(mock.evaluation.use_mock).toBe(true);
    const real = buildExport(snapshot, [], [], null, new Date(at), new Map(), false);
    expect([real.notice, real.evaluation.use_mock]).toEqual([null, false]);
  });
});
