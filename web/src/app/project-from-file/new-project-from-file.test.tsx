import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportPreview } from '@promptgrid/contract';
import { renderWithApp } from '@/testing/app-test-utils';
import { callsOf, mockApi } from '@/testing/api-mock';
import ProjectsRoute from '../routes/projects';

const preview: ImportPreview = {
  total_rows: 100,
  encoding: 'windows-1252',
  delimiter: ';',
  sample: [
    ['ticket', 'category'],
    ['Le café coûte 5 €', 'billing'],
  ],
  columns: [
    { column: 'ticket', target: 'content' },
    { column: 'category', target: 'expected_output' },
  ],
  rows: [
    {
      name: 'Le café',
      content: 'Le café coûte 5 €',
      messages: null,
      variables: {},
      expected_output: 'billing',
      active: true,
    },
  ],
  errors: [],
};
const project = { id: 8, name: 'support-tickets', description: 'Imported from support-tickets.csv' };

const app = () =>
  renderWithApp(
    <Routes>
      <Route path="/" element={<ProjectsRoute />} />
      <Route path="/project/:projectId/configs" element={<p>System prompts of the new project</p>} />
    </Routes>,
  );

describe('a new project from a file', () => {
  it('names the project after the file, previews the columns, creates it with the rows and opens it', async () => {
    const calls = mockApi(({ url, method }) => {
      if (url === '/api/projects/' && method === 'GET') return { body: [] };
      if (url === '/api/inputs/import/preview/') return { body: preview };
      if (url === '/api/projects/' && method === 'POST') return { status: 201, body: project };
      if (url === '/api/projects/8/inputs/import/') return { status: 201, body: { created: 100 } };
      return undefined;
    });
    app();
    const file = new File([new Uint8Array([0x74, 0x69, 0x63, 0x6b, 0x65, 0x74])], 'support-tickets.csv');
    await userEvent.upload(await screen.findByLabelText('Create a project from a file'), file);
    const dialog = await screen.findByRole('dialog', { name: 'Create a project from a file' });
    expect(within(dialog).getByLabelText(/Project name/)).toHaveValue('support-tickets');
    expect(within(dialog).getByLabelText(/Description/)).toHaveValue('Imported from support-tickets.csv');
    expect(await within(dialog).findByRole('combobox', { name: 'ticket' })).toHaveDisplayValue('Input text');
    expect(within(dialog).getByRole('combobox', { name: 'category' })).toHaveDisplayValue('Expected output');
    expect(within(dialog).getByText('Read as windows-1252, semicolon-separated.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create project with 100 user prompts' }));
    expect(await screen.findByText('System prompts of the new project')).toBeInTheDocument();
    const posts = callsOf(calls).filter((call) => call.startsWith('POST'));
    expect(posts).toEqual([
      'POST /api/inputs/import/preview/',
      'POST /api/projects/',
      'POST /api/projects/8/inputs/import/',
    ]);
    const imported = calls.find((call) => call.url === '/api/projects/8/inputs/import/')!;
    expect(JSON.parse(imported.body)).toEqual({ format: 'csv', data_base64: btoa('ticket') });
  }, 30_000);

  it('deletes the project it created when the import is refused, and says why', async () => {
    const calls = mockApi(({ url, method }) => {
      if (url === '/api/projects/' && method === 'GET') return { body: [] };
      if (url === '/api/inputs/import/preview/') return { body: preview };
      if (url === '/api/projects/' && method === 'POST') return { status: 201, body: project };
      if (url === '/api/projects/8/inputs/import/') return { status: 400, body: { detail: 'Too many rows.' } };
      if (url === '/api/projects/8/' && method === 'DELETE') return { status: 204 };
      return undefined;
    });
    app();
    await userEvent.upload(await screen.findByLabelText('Create a project from a file'), new File(['x'], 'cases.csv'));
    const dialog = await screen.findByRole('dialog', { name: 'Create a project from a file' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /Create project with/ }));
    // The server's sentence, without the "detail:" key of its body.
    expect(await within(dialog).findByText('Too many rows.')).toBeInTheDocument();
    await waitFor(() => expect(callsOf(calls)).toContain('DELETE /api/projects/8/'));
  }, 30_000);

  it("shows a refused preview's field message as a sentence", async () => {
    mockApi(({ url, method }) => {
      if (url === '/api/projects/' && method === 'GET') return { body: [] };
      if (url === '/api/inputs/import/preview/')
        return { status: 400, body: { data_base64: ['The file is not valid base64.'] } };
      return undefined;
    });
    app();
    await userEvent.upload(await screen.findByLabelText('Create a project from a file'), new File(['x'], 'cases.csv'));
    const dialog = await screen.findByRole('dialog', { name: 'Create a project from a file' });
    expect(
      await within(dialog).findByText('Failed to read the file: The file is not valid base64.'),
    ).toBeInTheDocument();
  }, 30_000);
});
