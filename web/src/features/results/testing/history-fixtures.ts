import type {
  ComparePair,
  CompareSide,
  EvaluationComparison,
  EvaluationHistoryItem,
  EvaluationRecord,
} from '@promptgrid/contract';
import { FIXED_TIME } from '@/testing/fixtures';

const model = { id: 7, company: 'openai' as const, endpoint: null, model_name: 'gpt-4o-mini' };

/** A finished mock run's fields both a run's record and its history line carry. */
const finishedRun = {
  name: (id: number) => `Run ${id}`,
  fields: {
    project: 1,
    use_mock: true,
    total_requests: 4,
    completed_at: FIXED_TIME,
    repetitions: 1,
    cancelled_at: null,
    cost_usd: 0,
    cost_complete: true,
    judge_cost_usd: 0,
    total_cost_usd: 0,
    budget_usd: null,
  },
};

/** Run `id` of project 1 as the server recorded it: prompts 5 and 6 on inputs 1 and 2, with their names then. */
export const recordFixture = (
  id: number,
  overrides: Partial<EvaluationRecord['evaluation']> = {},
): EvaluationRecord => ({
  evaluation: {
    id,
    name: finishedRun.name(id),
    ...finishedRun.fields,
    configuration_ids: [5, 6],
    input_ids: [1, 2],
    created_at: FIXED_TIME,
    ...overrides,
  },
  configurations: [5, 6].map((c) => ({
    id: c,
    name: c === 5 ? 'Terse as it ran' : 'Friendly as it ran',
    prompt_content: `system ${c}`,
    messages: [],
    user_template: '{{input}}',
    ai_model: model,
    parameters: { temperature: 0, max_tokens: null },
    tools: [],
    tool_choice: 'auto' as const,
    response_schema: null,
    provider_specific_params: {},
    version: 1,
    prompt_token_count: 2,
  })),
  inputs: [1, 2].map((i) => ({
    id: i,
    name: `Frozen input ${i}`,
    content: `Question ${i}`,
    messages: null,
    images: [],
    token_count: 3,
    expected_output: null,
    variables: {},
  })),
});

export const historyItemFixture = (
  id: number,
  overrides: Partial<EvaluationHistoryItem> = {},
): EvaluationHistoryItem => ({
  id,
  name: finishedRun.name(id),
  ...finishedRun.fields,
  configuration_count: 2,
  input_count: 2,
  created_at: new Date(Date.UTC(2025, 0, id)).toISOString(),
  status_counts: { SUCCESS: 3, FAILED: 1, PENDING: 0, IN_PROGRESS: 0, total: 4 },
  ...overrides,
});

const side = (id: number, output: string | null, overrides: Partial<CompareSide> = {}): CompareSide => ({
  api_request: id,
  status: 'SUCCESS',
  output,
  tool_calls: [],
  error_message: null,
  execution_time: 1.5,
  input_token_total_count: 10,
  output_token_count: 20,
  cost_usd: null,
  judge_cost_usd: null,
  scores: [],
  mean_score: null,
  checks_passed: 0,
  ...overrides,
});

const noDelta = {
  execution_time: 0,
  input_tokens: 0,
  output_tokens: 0,
  cost_usd: null,
  mean_score: null,
  checks_passed: null,
};

/** Runs 3 (base) and 4 (head): one output reworded, one call that failed this time, one unchanged. */
export const comparisonFixture = (): EvaluationComparison => {
  const pairs: ComparePair[] = [
    {
      input: 1,
      configuration: 5,
      base: side(1, 'The capital is Paris.'),
      head: side(11, 'The capital is Paris, France.', { execution_time: 1.25, output_token_count: 22 }),
      changed: true,
      output_changed: true,
      status_change: null,
      delta: { ...noDelta, execution_time: -0.25, output_tokens: 2 },
    },
    {
      input: 1,
      configuration: 6,
      base: side(2, 'Hello there'),
      head: side(12, null, { status: 'FAILED', error_message: 'Rate limited', output_token_count: null }),
      changed: true,
      output_changed: true,
      status_change: { from: 'SUCCESS', to: 'FAILED' },
      delta: { ...noDelta, execution_time: null, output_tokens: null },
    },
    {
      input: 2,
      configuration: 5,
      base: side(3, 'Same words'),
      head: side(13, 'Same words'),
      changed: false,
      output_changed: false,
      status_change: null,
      delta: noDelta,
    },
  ];
  const { configurations, inputs } = recordFixture(4);
  return {
    base: { ...recordFixture(3).evaluation, name: 'Baseline run' },
    head: { ...recordFixture(4).evaluation, name: 'Reworded run' },
    configurations: configurations.map(({ prompt_token_count: _, ...c }) => ({
      ...c,
      base_name: c.id === 6 ? 'Friendly before' : c.name,
    })),
    inputs: inputs.map(({ token_count: _, ...i }) => i),
    pairs,
    summary: {
      pairs: 3,
      changed: 2,
      status_changed: 1,
      output_changed: 2,
      only_base: 0,
      only_head: 0,
      outcome: {
        fixed: 1,
        broken: 1,
        unchanged: 1,
        base_pass_rate: 2 / 3,
        head_pass_rate: 0.5,
        base_cost_usd: 0.012,
        head_cost_usd: 0.01,
        base_judge_cost_usd: null,
        head_judge_cost_usd: null,
      },
    },
  };
};
