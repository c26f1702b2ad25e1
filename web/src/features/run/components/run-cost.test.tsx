import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Configuration, Input, RunEstimate } from '@promptgrid/contract';
import { renderWithApp } from '@/testing/app-test-utils';
import { mockApi } from '@/testing/api-mock';
import { RunView } from './run-view';

const at = '2025-01-01T00:00:00.000Z';
const input: Input = {
  id: 1,
  project: 1,
  messages: null,
  variables: {},
  expected_output: null,
  name: 'Question',
  content: 'What is 2 + 2?',
  active: true,
  token_count: 3,
  images: [],
  created_at: at,
  updated_at: at,
};
const configuration = (id: number, company: 'openai' | 'anthropic', model_name: string): Configuration => ({
  id,
  name: `Prompt ${id}`,
  project: 1,
  ai_model: {
    id,
    company,
    endpoint: null,
    model_name,
    supports_json_mode: true,
    supports_temperature: true,
    reasoning: null,
  },
  prompt: { content: 'You are concise.', token_count: 4 },
  messages: [],
  user_template: '{{input}}',
  parameters: { temperature: 0, max_tokens: 100, reasoning: null },
  provider_specific_params: { json_mode: false },
  json_mode: false,
  tools: [],
  tool_choice: 'auto',
  response_schema: null,
  version: 1,
  is_active: true,
  created_at: at,
  updated_at: at,
});
const estimate: RunEstimate = {
  calls: 2,
  input_tokens: 1234,
  max_output_tokens: 200,
  cost_usd_min: 0.002468,
  cost_usd_max: 0.004068,
  unpriced_models: [],
  expected_cost: 0.0031,
  max_cost: 0.0052,
  judge: { calls: 2, expected_cost: 0.0004, max_cost: 0.0011 },
  assumptions: [],
};
const keys = [{ id: 1, provider: 'openai', label: 'k', is_active: true, last_four_digits: '1234', created_at: at }];

// The run screen remembers the chosen user prompts per project in browser storage: each test starts without.
beforeEach(() => localStorage.clear());
describe('RunView cost', () => {
  it('shows the estimate on its own line and sends the run name and budget', async () => {
    const calls = mockApi(({ url }) => {
      if (url === '/api/api-keys/') return { body: keys };
      if (url === '/api/run-evaluation/estimate/') return { body: estimate };
      if (url === '/api/check-subscription/') return { body: { active: true } };
      if (url === '/api/run-evaluation/')
        return { status: 201, body: { evaluation_id: 3, total_requests: 2, results: [], errors: [] } };
      return undefined;
    });
    const configurations = [configuration(5, 'openai', 'gpt-4.1'), configuration(6, 'openai', 'gpt-4o')];
    renderWithApp(<RunView projectId="1" inputs={[input]} configurations={configurations} loadError={null} />);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Mock mode (no API calls)' })).toHaveAttribute('aria-checked', 'false'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Run Evaluation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run evaluation' });
    expect(within(dialog).getByText('Are you sure you want to proceed?')).toBeInTheDocument();
    expect(
      await within(dialog).findByText(
        'Estimated cost: about $0.0031 (at most $0.0052) (1,234 input tokens, up to 200 output tokens).',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('LLM judge: 2 judge calls, about $0.0004 (at most $0.0011), included above.'),
    ).toBeInTheDocument();
    const estimateCall = calls.find((call) => call.url === '/api/run-evaluation/estimate/')!;
    expect(JSON.parse(estimateCall.body)).toEqual({
      configuration_ids: [5, 6],
      input_ids: [1],
      use_mock: false,
      repetitions: 1,
    });

    const budget = within(dialog).getByLabelText('Budget (USD)');
    await userEvent.type(budget, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Run' }));
    expect(within(dialog).getByText('Budget must be more than $0.')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/run-evaluation/')).toBe(false);

    await userEvent.clear(budget);
    await userEvent.type(budget, '0.5');
    await userEvent.type(within(dialog).getByLabelText('Run name'), 'Pricing check');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/run-evaluation/')).toBe(true));
    const run = JSON.parse(calls.find((call) => call.url === '/api/run-evaluation/')!.body);
    expect(run).toMatchObject({ name: 'Pricing check', budget_usd: 0.5, use_mock: false, configuration_ids: [5, 6] });
  }, 15_000);

  it('says the cost is unknown for a model without a price, and when the estimate fails', async () => {
    let fail = false;
    mockApi(({ url }) => {
      if (url === '/api/api-keys/') return { body: keys };
      if (url === '/api/run-evaluation/estimate/')
        return fail
          ? { status: 400, body: { variables: ['{{city}} is missing from user prompt Question.'] } }
          : {
              body: {
                ...estimate,
                cost_usd_min: null,
                cost_usd_max: null,
                expected_cost: null,
                max_cost: null,
                judge: { calls: 0, expected_cost: null, max_cost: null },
                unpriced_models: ['gpt-5.2'],
              },
            };
      return undefined;
    });
    const configurations = [configuration(5, 'openai', 'gpt-5.2'), configuration(6, 'anthropic', 'claude-haiku-4-5')];
    renderWithApp(<RunView projectId="1" inputs={[input]} configurations={configurations} loadError={null} />);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Mock mode (no API calls)' })).toHaveAttribute('aria-checked', 'false'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Run Evaluation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run evaluation' });
    expect(
      await within(dialog).findByText(
        'Estimated cost: unknown, no price for gpt-5.2 (1,234 input tokens, up to 200 output tokens). ' +
          'Anthropic token counts are approximate (3.5 characters per token).',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fail = true;
    await userEvent.click(screen.getByRole('checkbox', { name: 'Prompt 6' }));
    // A refused estimate is a run the server would refuse: Run waits, and says why, without the field's key.
    expect(
      await screen.findByText('Run is unavailable: {{city}} is missing from user prompt Question.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run Evaluation' })).toBeDisabled();
  }, 15_000);
});
