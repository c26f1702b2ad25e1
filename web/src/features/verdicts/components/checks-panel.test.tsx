import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AiModel, Check, SaveCheckInput } from '@promptgrid/contract';
import { renderWithApp } from '@/testing/app-test-utils';
import { callsOf, mockApi } from '@/testing/api-mock';
import { expectEscapeAsksBeforeDiscarding, expectEscapeClosesAtOnce } from '@/testing/discard-guard';
import { apiRequestFixture, configurationFixture, FIXED_TIME, inputFixture } from '@/testing/fixtures';
import { ChecksPanel, type ChecksRun } from './checks-panel';

const model: AiModel = {
  id: 3,
  company: 'openai',
  model_name: 'gpt-4.1-mini',
  supports_json_mode: true,
  supports_temperature: true,
} as AiModel;
const endpointModel = {
  id: 4,
  company: 'custom',
  endpoint: { id: 1, name: 'Local Ollama' },
  model_name: 'llama3.2',
} as AiModel;
const existing: Check = {
  id: 11,
  project: 1,
  name: 'Short',
  type: 'max_chars',
  value: '200',
  ai_model_id: null,
  input_ids: null,
  configuration_ids: null,
  is_active: true,
  created_at: FIXED_TIME,
  updated_at: FIXED_TIME,
};
const inputs = [inputFixture(1, { name: 'Greeting' }), inputFixture(2, { name: 'Refund' })];
const configurations = [configurationFixture(7, { name: 'Terse' }), configurationFixture(8, { name: 'Friendly' })];
const requests = [apiRequestFixture(21, 1, 5, 'SUCCESS'), apiRequestFixture(22, 2, 5, 'SUCCESS')];

function setUp(
  options: {
    run?: boolean;
    createAnswer?: (body: SaveCheckInput) => { status: number; body: unknown };
    onOpenChange?: (open: boolean) => void;
  } = {},
) {
  const reloadRequests = vi.fn(async () => {});
  const run: ChecksRun = {
    evaluationId: 9,
    requests,
    nameOf: (id) => `Prompt ${id}`,
    inputOf: (id) => inputs.find((input) => input.id === id),
    reloadRequests,
  };
  const bodies: Record<string, unknown[]> = {};
  const calls = mockApi(({ method, url, body }) => {
    const key = `${method} ${url}`;
    if (body) (bodies[key] ??= []).push(JSON.parse(body));
    if (key === 'GET /api/projects/1/checks/') return { body: [existing] };
    if (key === 'GET /api/models/') return { body: [model, endpointModel] };
    if (key === 'POST /api/evaluations/9/check-preview/') {
      const check = JSON.parse(body) as SaveCheckInput;
      return {
        body: [
          { api_request_id: 21, pass: true, score: 1, reason: `Contains "${check.value}".` },
          { api_request_id: 22, pass: false, score: 0, reason: `Does not contain "${check.value}".` },
        ],
      };
    }
    if (key === 'POST /api/projects/1/checks/') {
      const check = JSON.parse(body) as SaveCheckInput;
      return options.createAnswer?.(check) ?? { status: 201, body: { ...existing, ...check, id: 12, project: 1 } };
    }
    if (key === 'PUT /api/checks/11/') return { body: { ...existing, ...(JSON.parse(body) as SaveCheckInput) } };
    if (key === 'DELETE /api/checks/11/') return { status: 204 };
    if (key === 'POST /api/evaluations/9/rescore/') return { body: { scored_requests: 2, scores: 4 } };
  });
  renderWithApp(
    <ChecksPanel
      projectId="1"
      inputs={inputs}
      configurations={configurations}
      run={options.run === false ? null : run}
      open
      onOpenChange={options.onOpenChange ?? (() => {})}
    />,
  );
  return { calls, bodies, reloadRequests };
}

const dialog = () => screen.getByRole('dialog', { name: 'Checks' });

describe('ChecksPanel', () => {
  // A long flow of typing and previews: on a loaded machine it takes longer than the default 5 s.
  it('creates a check with a live preview on the run, shows the rules at the fields, then re-scores the run', async () => {
    const { bodies, reloadRequests, calls } = setUp();
    expect(await within(dialog()).findByText('Short')).toBeInTheDocument();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'New check' }));

    // Submitting empty: the contract's messages at their fields, nothing sent.
    await userEvent.click(screen.getByRole('button', { name: 'Create check' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required.');
    expect(screen.getByLabelText(/^Text/)).toHaveAccessibleDescription('Value is required.');
    expect(bodies['POST /api/projects/1/checks/']).toBeUndefined();

    await userEvent.type(screen.getByLabelText('Name'), 'Says hello');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    await userEvent.type(screen.getByLabelText(/^Text/), 'hello');
    const preview = screen.getByRole('region', { name: 'Preview on this run' });
    // The preview asks once typing pauses (400 ms): a slow machine may take longer than findBy's default.
    expect(await within(preview).findByText('Passes 1 of 2 outputs', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(preview).getByText('Prompt 5 · Refund')).toBeInTheDocument();
    expect(within(preview).getByText(/Does not contain "hello"/)).toBeInTheDocument();

    // Only the chosen user prompts.
    await userEvent.click(screen.getByRole('radio', { name: 'Chosen user prompts' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create check' }));
    expect(screen.getByRole('group', { name: 'Applies to' })).toHaveAccessibleDescription(
      'Choose at least one user prompt, or apply the check to all of them.',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Refund' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create check' }));

    expect(await within(dialog()).findByText(/“Says hello” is saved/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(bodies['POST /api/projects/1/checks/']).toEqual([
      {
        name: 'Says hello',
        type: 'contains',
        value: 'hello',
        ai_model_id: null,
        input_ids: [2],
        configuration_ids: null,
        is_active: true,
      },
    ]);
    expect(within(dialog()).getByText('Says hello')).toBeInTheDocument();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Re-score this run' }));
    expect(await within(dialog()).findByText('Re-scored 2 outputs.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(reloadRequests).toHaveBeenCalled();
    expect(callsOf(calls)).toContain('POST /api/evaluations/9/rescore/');
  }, 15_000);

  it("shows the server's 400 messages at their fields, and a judge check takes a model and a rubric", async () => {
    setUp({
      createAnswer: () => ({
        status: 400,
        body: { ai_model_id: ['Unknown AI model.'], non_field_errors: ['Something else.'] },
      }),
    });
    await userEvent.click(await within(dialog()).findByRole('button', { name: 'New check' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Polite');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'llm_judge');
    expect(screen.getByText(/A judge check cannot be previewed/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create check' }));
    expect(screen.getByLabelText('Judge model')).toHaveAccessibleDescription('An llm_judge check needs a judge model.');
    expect(screen.getByLabelText(/^Rubric/)).toHaveAccessibleDescription('The rubric is required.');

    await userEvent.selectOptions(screen.getByLabelText('Judge model'), 'openai - gpt-4.1-mini');
    await userEvent.type(screen.getByLabelText(/^Rubric/), 'Is the answer polite?');
    await userEvent.click(screen.getByRole('button', { name: 'Create check' }));
    expect(await screen.findByLabelText('Judge model')).toHaveAccessibleDescription('Unknown AI model.');
    expect(screen.getByRole('alert')).toHaveTextContent('Something else.');
  });

  it("offers the user's endpoint models as judges", async () => {
    const { bodies } = setUp();
    await userEvent.click(await within(dialog()).findByRole('button', { name: 'New check' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Polite');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'llm_judge');
    await userEvent.selectOptions(screen.getByLabelText('Judge model'), 'Local Ollama - llama3.2');
    await userEvent.type(screen.getByLabelText(/^Rubric/), 'Is the answer polite?');
    await userEvent.click(screen.getByRole('button', { name: 'Create check' }));
    await waitFor(() =>
      expect(bodies['POST /api/projects/1/checks/']).toEqual([expect.objectContaining({ ai_model_id: 4 })]),
    );
  });

  it('switches a check off, deletes one after confirming, and says a regex is broken in the preview', async () => {
    const { bodies, calls } = setUp();
    await userEvent.click(await within(dialog()).findByRole('switch', { name: 'Active: Short' }));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Active: Short' })).toHaveAttribute('aria-checked', 'false'),
    );
    expect(bodies['PUT /api/checks/11/']).toEqual([
      {
        name: 'Short',
        type: 'max_chars',
        value: '200',
        ai_model_id: null,
        input_ids: null,
        configuration_ids: null,
        is_active: false,
      },
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Short' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this check?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(dialog()).queryByText('Short')).not.toBeInTheDocument());
    expect(callsOf(calls)).toContain('DELETE /api/checks/11/');
    expect(within(dialog()).getByText(/No checks yet/)).toBeInTheDocument();

    await userEvent.click(within(dialog()).getByRole('button', { name: 'New check' }));
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'regex');
    await userEvent.type(screen.getByLabelText(/^Pattern/), '(unclosed');
    const preview = screen.getByRole('region', { name: 'Preview on this run' });
    expect(within(preview).getByText(/Not a valid regular expression/)).toBeInTheDocument();
  });

  it('limits a Calls tool check to chosen configurations, and offers no such choice for a judge', async () => {
    const { bodies } = setUp();
    await userEvent.click(await within(dialog()).findByRole('button', { name: 'New check' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Looks up');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Calls tool');
    await userEvent.type(screen.getByLabelText(/^Tool name/), 'lookup');
    await userEvent.click(screen.getByRole('radio', { name: 'Chosen configurations' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Terse' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create check' }));
    await waitFor(() =>
      expect(bodies['POST /api/projects/1/checks/']).toEqual([
        expect.objectContaining({ type: 'calls_tool', value: 'lookup', configuration_ids: [7] }),
      ]),
    );

    await userEvent.click(within(dialog()).getByRole('button', { name: 'New check' }));
    expect(screen.getByRole('group', { name: 'Applies to the outputs of' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'LLM judge (rubric)');
    expect(screen.queryByRole('group', { name: 'Applies to the outputs of' })).not.toBeInTheDocument();
  }, 15_000);

  it('edits checks before the first run, without a preview', async () => {
    setUp({ run: false });
    await userEvent.click(await within(dialog()).findByRole('button', { name: 'Edit Short' }));
    expect(screen.getByLabelText(/^Maximum characters/)).toHaveValue('200');
    expect(screen.getByText('Run an evaluation to preview a check against its outputs.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save check' }));
    expect(await within(dialog()).findByText(/“Short” is saved. Your next run is scored with it./)).toBeInTheDocument();
  });

  it('asks before Escape throws away a half-written check: Keep editing keeps it, Discard closes the panel', async () => {
    const onOpenChange = vi.fn();
    setUp({ onOpenChange });
    await userEvent.click(await within(dialog()).findByRole('button', { name: 'New check' }));
    await expectEscapeAsksBeforeDiscarding({
      type: () => userEvent.type(screen.getByLabelText('Name'), 'Says hello'),
      expectTyping: () => expect(screen.getByLabelText('Name')).toHaveValue('Says hello'),
      closed: onOpenChange,
    });
  });

  it('closes at once on Escape when nothing was typed in the check form', async () => {
    const onOpenChange = vi.fn();
    setUp({ onOpenChange });
    await userEvent.click(await within(dialog()).findByRole('button', { name: 'New check' }));
    await expectEscapeClosesAtOnce(onOpenChange);
  });
});
