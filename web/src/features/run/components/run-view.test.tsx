import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Configuration, Input } from '@promptgrid/contract';
import { renderWithApp } from '@/testing/app-test-utils';
import { mockApi } from '@/testing/api-mock';
import { RunView } from './run-view';
import { itemAt } from '@promptgrid/test-support/items';

const at = '2025-01-01T00:00:00.000Z';
const input = (id: number, name: string): Input => ({
  id,
  project: 1,
  messages: null,
  variables: {},
  expected_output: null,
  name,
  content: `${name} content`,
  active: true,
  token_count: 3,
  images: [],
  created_at: at,
  updated_at: at,
});
const configuration = (id: number, name: string): Configuration => ({
  id,
  name,
  project: 1,
  ai_model: {
    id: 1,
    company: 'openai',
    endpoint: null,
    model_name: 'gpt-4.1-mini',
    supports_json_mode: true,
    supports_temperature: true,
    reasoning: null,
  },
  prompt: { content: 'You are concise.', token_count: 4 },
  messages: [],
  user_template: '{{input}}',
  parameters: { temperature: 0, max_tokens: null, reasoning: null },
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

const inputs = [input(1, 'Capital question'), input(2, 'Long contract'), input(3, 'Greeting')];
const configurations = [configuration(5, 'Terse JSON'), configuration(6, 'Friendly')];

// The run screen remembers the chosen user prompts per project in browser storage: each test starts without.
beforeEach(() => localStorage.clear());
describe('RunView', () => {
  it('starts fully selected with mock mode on when no key is stored, and confirms with N = inputs x prompts', async () => {
    mockApi(({ url }) => (url === '/api/api-keys/' ? { body: [] } : undefined));
    renderWithApp(<RunView projectId="1" inputs={inputs} configurations={configurations} loadError={null} />);
    expect(screen.getByRole('heading', { name: 'Configure and Run Evaluation' })).toBeInTheDocument();
    expect(screen.getByText('3 of 3 selected')).toBeInTheDocument();
    expect(screen.getByText('2 of 2 selected')).toBeInTheDocument();
    const mock = await screen.findByRole('switch', { name: 'Mock mode (no API calls)' });
    expect(mock).toHaveAttribute('aria-checked', 'true');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Greeting' }));
    await userEvent.click(screen.getByRole('button', { name: 'Run Evaluation' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Running this evaluation will make 4 API call(s).')).toBeInTheDocument();
    expect(within(dialog).getByText('(running 2 prompt(s) against 2 input(s))')).toBeInTheDocument();
    expect(within(dialog).getByText('Are you sure you want to proceed?')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Mock mode is on: these calls are simulated and free. No provider is called.'),
    ).toBeInTheDocument();
  }, 15_000);

  it('disables Run with the reason when a chosen model does not read the images of a chosen input', async () => {
    const sentence =
      'Configuration "Terse JSON" uses o3-mini, which does not read images; the input "Capital question" has images. ' +
      'Choose a vision model or leave the input out.';
    mockApi(({ url }) => {
      if (url === '/api/api-keys/') return { body: [] };
      if (url === '/api/run-evaluation/estimate/') return { status: 400, body: { configuration_ids: [sentence] } };
      return undefined;
    });
    renderWithApp(<RunView projectId="1" inputs={inputs} configurations={configurations} loadError={null} />);
    const bar = screen.getByRole('region', { name: 'Run' });
    expect(await within(bar).findByText(`Run is unavailable: ${sentence}`)).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Run Evaluation' })).toBeDisabled();
  });

  it('starts with mock mode off for a user whose only keys are custom endpoints', async () => {
    mockApi(({ url }) => {
      if (url === '/api/api-keys/') return { body: [] };
      if (url === '/api/endpoints/')
        return {
          body: [
            {
              id: 3,
              name: 'Local Ollama',
              base_url: 'http://127.0.0.1:11434/v1',
              has_key: false,
              last_four_digits: null,
              header_names: [],
              concurrency: null,
              models: [],
              created_at: at,
            },
          ],
        };
      return undefined;
    });
    renderWithApp(<RunView projectId="1" inputs={inputs} configurations={configurations} loadError={null} />);
    const mock = await screen.findByRole('switch', { name: 'Mock mode (no API calls)' });
    await waitFor(() => expect(mock).toHaveAttribute('aria-checked', 'false'));
  });

  it('names the missing provider keys before a real run, links to API Settings, and shows the server 400 as its sentence', async () => {
    mockApi(({ url }) => {
      if (url === '/api/api-keys/')
        return {
          body: [
            { id: 1, provider: 'anthropic', label: 'k', is_active: true, last_four_digits: '1234', created_at: at },
          ],
        };
      if (url === '/api/check-subscription/') return { body: { active: true } };
      if (url === '/api/run-evaluation/')
        return {
          status: 400,
          body: {
            api_key: ['Add an OpenAI API key in API Settings to run gpt-4.1-mini, or turn on mock mode.'],
            providers: ['OpenAI'],
          },
        };
      return undefined;
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithApp(<RunView projectId="1" inputs={inputs} configurations={configurations} loadError={null} />);
    const mock = await screen.findByRole('switch', { name: 'Mock mode (no API calls)' });
    expect(mock).toHaveAttribute('aria-checked', 'false');
    const sentence = 'Add an OpenAI API key in API Settings to run gpt-4.1-mini, or turn on mock mode.';
    expect(await screen.findByText(sentence)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open API Settings' })).toHaveAttribute('href', '/?dialog=api-settings');

    await userEvent.click(screen.getByRole('button', { name: 'Run Evaluation' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText(/simulated and free/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Run' }));
    // The sentence shows in the missing-keys notice too; the run's failure is the one that starts with the cross.
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((s) => s.textContent === `❌ Error: ${sentence}`)).toBe(true),
    );
    expect(screen.queryByText(/api_key:/)).not.toBeInTheDocument();

    // Mock runs need no key: the notice goes and Run still works.
    await userEvent.click(mock);
    expect(screen.queryByRole('link', { name: 'Open API Settings' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run Evaluation' })).toBeEnabled();
  });

  it('counts one call per prompt when no input is chosen', async () => {
    mockApi(({ url }) => (url === '/api/api-keys/' ? { body: [] } : undefined));
    renderWithApp(<RunView projectId="1" inputs={inputs} configurations={configurations} loadError={null} />);
    await screen.findByRole('switch', { name: 'Mock mode (no API calls)' });
    const deselectInputs = itemAt(screen.getAllByRole('button', { name: 'Deselect All' }), 0);
    await userEvent.click(deselectInputs);
    await userEvent.click(screen.getByRole('button', { name: 'Run Evaluation' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Running this evaluation will make 2 API call(s).')).toBeInTheDocument();
    expect(within(dialog).getByText('(running 2 prompt(s) against 0 input(s))')).toBeInTheDocument();
  });

  it('needs one system prompt selected', async () => {
    mockApi(({ url }) => (url === '/api/api-keys/' ? { body: [] } : undefined));
    renderWithApp(<RunView projectId="1" inputs={inputs} configurations={configurations} loadError={null} />);
    await screen.findByRole('switch', { name: 'Mock mode (no API calls)' });
    await userEvent.click(itemAt(screen.getAllByRole('button', { name: 'Deselect All' }), 1));
    await userEvent.click(screen.getByRole('button', { name: 'Run Evaluation' }));
    const message = await screen.findByText(/Please select at least one prompt-model before running the evaluation\./);
    // The warning sign is drawn as an icon, the text keeps it; the message takes the focus so it is seen and read.
    expect(message.closest('[role="status"]')).toHaveTextContent(
      '⚠️ Please select at least one prompt-model before running the evaluation.',
    );
    await waitFor(() => expect(message.closest('[tabindex="-1"]')).toHaveFocus());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('turns mock mode off by default once a key is stored, and offers the upgrade when access is refused', async () => {
    const fetchMock = mockApi(({ url }) => {
      if (url === '/api/api-keys/')
        return {
          body: [{ id: 1, provider: 'openai', label: 'k', is_active: true, last_four_digits: '1234', created_at: at }],
        };
      if (url === '/api/check-subscription/') return { body: { active: false } };
      if (url === '/api/subscription/status/')
        return {
          body: {
            status: 'free',
            has_access: false,
            num_requests_sent: 7,
            free_requests_remaining: 0,
            num_free_requests: 7,
            cancel_at_period_end: false,
            current_period_end: null,
            billing_enabled: true,
          },
        };
      return undefined;
    });
    renderWithApp(<RunView projectId="1" inputs={inputs} configurations={configurations} loadError={null} />);
    const mock = await screen.findByRole('switch', { name: 'Mock mode (no API calls)' });
    expect(mock).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Run Evaluation' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Run' }));
    const upgrade = await screen.findByRole('dialog', { name: 'Out of Free Evaluations' });
    expect(within(upgrade).getByRole('button', { name: 'Upgrade to Pro' })).toBeInTheDocument();
    // The server's allowance, not a fixed 50.
    expect(await within(upgrade).findByText(/You have used your 7 free evaluations this month\./)).toBeInTheDocument();
    expect(within(upgrade).getByRole('button', { name: 'Maybe Later' })).toBeInTheDocument();
    expect(fetchMock.some((call) => call.url === '/api/run-evaluation/')).toBe(false);
  });

  it('shows the run failure in a red banner', async () => {
    mockApi(({ url }) => {
      if (url === '/api/api-keys/') return { body: [] };
      if (url === '/api/check-subscription/') return { body: { active: true } };
      if (url === '/api/run-evaluation/') return { status: 400, body: { detail: 'No openai API key stored.' } };
      return undefined;
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithApp(<RunView projectId="1" inputs={inputs} configurations={configurations} loadError={null} />);
    await screen.findByRole('switch', { name: 'Mock mode (no API calls)' });
    await userEvent.click(screen.getByRole('button', { name: 'Run Evaluation' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Run' }));
    const banner = await screen.findByRole('alert');
    await waitFor(() => expect(banner).toHaveTextContent('❌ Error: No openai API key stored.'));
  });

  it('keeps the calls and the estimate in the run bar, and disables Run with the reason when the estimate is refused', async () => {
    const refused = "{{city}} (used by system prompt 'Terse JSON') is missing from user prompt 'Greeting'.";
    mockApi(({ url, body }) => {
      if (url === '/api/api-keys/') return { body: [] };
      if (url === '/api/run-evaluation/estimate/') {
        const ids = (JSON.parse(body) as { input_ids: number[] }).input_ids;
        return ids.includes(3)
          ? { status: 400, body: { variables: [refused] } }
          : {
              body: {
                calls: ids.length * 2,
                input_tokens: 40,
                max_output_tokens: 100,
                cost_usd_min: 0,
                cost_usd_max: 0,
                unpriced_models: [],
                expected_cost: 0,
                max_cost: 0,
                judge: { calls: 0, expected_cost: 0, max_cost: 0 },
                assumptions: [],
              },
            };
      }
      return undefined;
    });
    renderWithApp(<RunView projectId="1" inputs={inputs} configurations={configurations} loadError={null} />);
    const bar = screen.getByRole('region', { name: 'Run' });
    expect(within(bar).getByText('6 calls')).toBeInTheDocument();
    expect(await within(bar).findByText(`Run is unavailable: ${refused}`)).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Run Evaluation' })).toBeDisabled();
    expect(within(bar).getByRole('button', { name: 'Run Evaluation' })).toHaveAccessibleDescription(
      `Run is unavailable: ${refused}`,
    );

    // Leaving out the user prompt that lacks the variable: the estimate comes back and Run is on again.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Greeting' }));
    expect(await within(bar).findByText(/^Estimated cost: \$0\.00, mock calls are free/)).toBeInTheDocument();
    expect(within(bar).getByText('4 calls')).toBeInTheDocument();
    expect(within(bar).queryByText(/Run is unavailable/)).not.toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Run Evaluation' })).toBeEnabled();
  });

  it('selects the user prompts a search finds, or a seeded random sample, and remembers the choice per project', async () => {
    mockApi(({ url }) => (url === '/api/api-keys/' ? { body: [] } : undefined));
    const many = Array.from({ length: 40 }, (_, index) => input(index + 1, `Ticket ${index + 1}`));
    const view = renderWithApp(
      <RunView projectId="9" inputs={many} configurations={configurations} loadError={null} />,
    );
    expect(screen.getByText('40 of 40 selected')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Find user prompts'), 'ticket 1');
    await userEvent.click(screen.getByRole('button', { name: 'Select 11 found' }));
    expect(screen.getByText('11 of 40 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Ticket 10' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Ticket 2' })).not.toBeChecked();
    expect(within(screen.getByRole('region', { name: 'Run' })).getByText('22 calls')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Random sample of'));
    await userEvent.type(screen.getByLabelText('Random sample of'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Sample' }));
    expect(screen.getByText('5 of 40 selected')).toBeInTheDocument();
    const sampled = many.filter((item) => screen.getByRole('checkbox', { name: item.name }).matches(':checked'));
    view.unmount();

    // Another visit to the project's run screen starts from the same choice; sampling again picks the same five.
    renderWithApp(<RunView projectId="9" inputs={many} configurations={configurations} loadError={null} />);
    expect(screen.getByText('5 of 40 selected')).toBeInTheDocument();
    for (const item of sampled) expect(screen.getByRole('checkbox', { name: item.name })).toBeChecked();
    await userEvent.click(itemAt(screen.getAllByRole('button', { name: 'Select All' }), 0));
    expect(screen.getByText('40 of 40 selected')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Random sample of'));
    await userEvent.type(screen.getByLabelText('Random sample of'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Sample' }));
    for (const item of sampled) expect(screen.getByRole('checkbox', { name: item.name })).toBeChecked();
  }, 45_000);
});
