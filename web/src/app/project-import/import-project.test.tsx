import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/testing/app-test-utils';
import { mockApi } from '@/testing/api-mock';
import { ImportProject } from './import-project';

const report = {
  format: 'promptfoo',
  project_name: 'Support triage',
  configurations: [{ name: 'Plain · Haiku', model: 'anthropic - claude-haiku-4-5' }],
  inputs: 3,
  checks: [{ name: 'Contains "refund"', type: 'contains', inputs: 1 }],
  items: [
    {
      kind: 'skipped',
      what: "assertion type 'similar'",
      why: 'Promptgrid has no check of this kind.',
      file: 'promptfooconfig.yaml',
      line: 35,
    },
  ],
  unknown_providers: [],
};

describe('ImportProject', () => {
  it('previews the report of the chosen files, lists what it leaves out, and imports on confirmation', async () => {
    const calls = mockApi(({ url, body }) => {
      if (url === '/api/projects/import/preview/') return { body: report };
      if (url === '/api/projects/import/') return { status: 201, body: { project_id: 7, report, sent: body } };
    });
    renderWithApp(<ImportProject />);
    await userEvent.click(screen.getByRole('button', { name: 'Import project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import project' });
    expect(within(dialog).getByRole('button', { name: 'Import project' })).toBeDisabled();
    const config = new File(['prompts: [hi]\n'], 'promptfooconfig.yaml', { type: 'application/yaml' });
    const tests = new File(['question\nHi\n'], 'tests.csv', { type: 'text/csv' });
    await userEvent.upload(within(dialog).getByLabelText('Choose files'), [config, tests]);

    expect(
      await within(dialog).findByText('Creates “Support triage”: 1 system prompt, 3 user prompts and 1 check.'),
    ).toBeVisible();
    const left = within(dialog).getByRole('table', { name: 'Not carried over as it is (1)' });
    expect(within(left).getByRole('row', { name: /similar/ })).toHaveTextContent(
      "Skipped: assertion type 'similar'Promptgrid has no check of this kind.promptfooconfig.yaml:35",
    );
    const sent = JSON.parse(calls.find((c) => c.url === '/api/projects/import/preview/')!.body) as {
      files: { name: string; data_base64: string }[];
    };
    expect(sent.files.map((f) => [f.name, atob(f.data_base64)])).toEqual([
      ['promptfooconfig.yaml', 'prompts: [hi]\n'],
      ['tests.csv', 'question\nHi\n'],
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import project' }));
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/projects/import/'));
  });

  it('says why the files cannot be read, and keeps the import button off', async () => {
    mockApi(({ url }) =>
      url === '/api/projects/import/preview/'
        ? { status: 400, body: { files: ['promptfooconfig.yaml: nested more than 64 levels deep.'] } }
        : undefined,
    );
    renderWithApp(<ImportProject />);
    await userEvent.click(screen.getByRole('button', { name: 'Import project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import project' });
    await userEvent.upload(within(dialog).getByLabelText('Choose files'), new File(['['], 'promptfooconfig.yaml'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('nested more than 64 levels deep');
    expect(within(dialog).getByRole('button', { name: 'Import project' })).toBeDisabled();
  });

  it('asks a model for each provider Promptgrid cannot run, previews the pick, and sends it with the import', async () => {
    const models = [
      { id: 3, company: 'openai', endpoint: null, model_name: 'gpt-4.1-mini' },
      { id: 4, company: 'custom', endpoint: { id: 1, name: 'Local Ollama' }, model_name: 'llama3.2' },
    ];
    const calls = mockApi(({ url, body }) => {
      if (url === '/api/models/') return { body: models };
      if (url === '/api/projects/import/preview/') {
        const picked = (JSON.parse(body) as { provider_models?: Record<string, number> }).provider_models ?? {};
        const configurations = Object.keys(picked).map(() => ({ name: 'Brief', model: 'custom - llama3.2' }));
        return { body: { ...report, configurations, unknown_providers: ['bedrock:anthropic.claude-v2'] } };
      }
      if (url === '/api/projects/import/') return { status: 201, body: { project_id: 7, report } };
    });
    renderWithApp(<ImportProject />);
    await userEvent.click(screen.getByRole('button', { name: 'Import project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import project' });
    await userEvent.upload(within(dialog).getByLabelText('Choose files'), new File(['x'], 'promptfooconfig.yaml'));
    const select = await within(dialog).findByRole('combobox', { name: 'Model for bedrock:anthropic.claude-v2' });
    await waitFor(() => expect(select).toBeEnabled());
    await userEvent.selectOptions(select, 'Local Ollama - llama3.2');
    expect(await within(dialog).findByText('Brief (custom - llama3.2)')).toBeVisible();
    expect(select).toHaveValue('4');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Import project' }));
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/projects/import/'));
    const sent = JSON.parse(calls.find((c) => c.url === '/api/projects/import/')!.body) as object;
    expect(sent).toMatchObject({ provider_models: { 'bedrock:anthropic.claude-v2': 4 } });
  });
});
