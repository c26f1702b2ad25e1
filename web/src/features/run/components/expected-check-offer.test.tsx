import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Check } from '@promptgrid/contract';
import { renderWithApp } from '@/testing/app-test-utils';
import { callsOf, mockApi } from '@/testing/api-mock';
import { configurationFixture, inputFixture } from '@/testing/fixtures';
import { RunView } from './run-view';

const expecting = [inputFixture(1, { expected_output: 'billing' }), inputFixture(2, { expected_output: 'account' })];
const configurations = [configurationFixture(5)];

function answerRun() {
  return mockApi(({ url, method }) => {
    if (url === '/api/api-keys/') return { body: [] };
    if (url === '/api/check-subscription/') return { body: { active: true } };
    if (url === '/api/projects/1/checks/' && method === 'POST') return { status: 201, body: {} };
    if (url === '/api/run-evaluation/')
      return { status: 201, body: { evaluation_id: 9, total_requests: 2, results: [], errors: [] } };
    return undefined;
  });
}

async function run() {
  await screen.findByRole('switch', { name: 'Mock mode (no API calls)' });
  await userEvent.click(screen.getByRole('button', { name: 'Run Evaluation' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Run' }));
}

// The run screen remembers the chosen user prompts per project in browser storage: each test starts without.
beforeEach(() => localStorage.clear());
describe('the check against expected outputs on the run screen', () => {
  it('is offered ticked, ignoring case, and saved before the run starts', async () => {
    const calls = answerRun();
    renderWithApp(
      <RunView projectId="1" inputs={expecting} configurations={configurations} checks={[]} loadError={null} />,
    );
    expect(screen.getByRole('checkbox', { name: 'Check against expected output' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Comparison' })).toHaveDisplayValue(
      'Ignore case and surrounding whitespace',
    );
    await run();
    await waitFor(() => expect(callsOf(calls)).toContain('POST /api/run-evaluation/'));
    const posted = callsOf(calls);
    expect(posted.indexOf('POST /api/projects/1/checks/')).toBeLessThan(posted.indexOf('POST /api/run-evaluation/'));
    const check = calls.find((call) => call.url === '/api/projects/1/checks/');
    expect(JSON.parse(check!.body)).toEqual({
      name: 'Check against expected output',
      type: 'equals_expected',
      value: 'ignore_case',
    });
  }, 30_000);

  it('saves a contains check when chosen, and nothing when unticked', async () => {
    const calls = answerRun();
    const view = renderWithApp(
      <RunView projectId="1" inputs={expecting} configurations={configurations} checks={[]} loadError={null} />,
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Comparison' }), 'Contains the expected output');
    await run();
    await waitFor(() => expect(callsOf(calls)).toContain('POST /api/run-evaluation/'));
    expect(JSON.parse(calls.find((call) => call.url === '/api/projects/1/checks/')!.body)).toMatchObject({
      type: 'contains_expected',
    });
    view.unmount();

    const untickedCalls = answerRun();
    renderWithApp(
      <RunView projectId="1" inputs={expecting} configurations={configurations} checks={[]} loadError={null} />,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Check against expected output' }));
    await run();
    await waitFor(() => expect(callsOf(untickedCalls)).toContain('POST /api/run-evaluation/'));
    expect(callsOf(untickedCalls)).not.toContain('POST /api/projects/1/checks/');
  }, 30_000);

  it('is not offered without expected outputs, or when the project has checks', () => {
    mockApi(({ url }) => (url === '/api/api-keys/' ? { body: [] } : undefined));
    const { rerender } = renderWithApp(
      <RunView projectId="1" inputs={[inputFixture(1)]} configurations={configurations} checks={[]} loadError={null} />,
    );
    expect(screen.queryByRole('checkbox', { name: 'Check against expected output' })).not.toBeInTheDocument();
    rerender(
      <RunView
        projectId="1"
        inputs={expecting}
        configurations={configurations}
        checks={[{ id: 3 } as Check]}
        loadError={null}
      />,
    );
    expect(screen.queryByRole('checkbox', { name: 'Check against expected output' })).not.toBeInTheDocument();
  });
});
