import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ImportPreview, Input } from '@promptgrid/contract';
import { renderWithApp } from '@/testing/app-test-utils';
import { mockApi } from '@/testing/api-mock';
import { InputsView } from './inputs-view';

const at = '2025-01-01T00:00:00.000Z';
const input = (id: number, name: string, active = true): Input => ({
  id,
  project: 1,
  name,
  content: `${name} content`,
  variables: { city: 'Paris' },
  expected_output: null,
  active,
  token_count: 3,
  created_at: at,
  updated_at: at,
});

const preview: ImportPreview = {
  total_rows: 2,
  encoding: 'UTF-8',
  delimiter: ',',
  sample: [
    ['content', 'city'],
    ['Hello there', 'Oslo'],
    ['Second', 'Rome'],
  ],
  columns: [
    { column: 'content', target: 'content' },
    { column: 'city', target: 'variable' },
  ],
  rows: [
    { name: 'Hello there', content: 'Hello there', variables: { city: 'Oslo' }, expected_output: null, active: true },
  ],
  errors: [],
};

const bodyOf = (call: { body: string } | undefined) => JSON.parse(call!.body);

describe('InputsView datasets', () => {
  it('previews a chosen file, shows its mapping and rows, then imports it', async () => {
    let list = [input(1, 'First')];
    const fetch = mockApi(({ url, method }) => {
      if (url === '/api/projects/1/inputs/' && method === 'GET') return { body: list };
      if (url === '/api/projects/1/inputs/import/preview/') return { body: preview };
      if (url === '/api/projects/1/inputs/import/') {
        list = [...list, input(2, 'Hello there'), input(3, 'Second')];
        return { status: 201, body: { created: 2 } };
      }
      return undefined;
    });
    renderWithApp(<InputsView projectId="1" />);
    await screen.findByRole('article', { name: 'First' });
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import User Prompts' });
    const file = new File(['content,city\nHello there,Oslo\nSecond,Rome\n'], 'cases.csv', { type: 'text/csv' });
    await userEvent.upload(within(dialog).getByLabelText('Choose a file'), file);

    expect(await within(dialog).findByText('2 rows found')).toBeInTheDocument();
    const previewCall = fetch.find((call) => call.url === '/api/projects/1/inputs/import/preview/');
    // The bytes, so the server can tell the encoding.
    expect(bodyOf(previewCall)).toEqual({
      format: 'csv',
      data_base64: btoa('content,city\nHello there,Oslo\nSecond,Rome\n'),
    });
    expect(within(dialog).getByRole('combobox', { name: 'city' })).toHaveDisplayValue('Variable');
    expect(within(dialog).getByRole('cell', { name: 'Rome' })).toBeInTheDocument();
    expect(within(dialog).getByText('city=Oslo')).toBeInTheDocument();

    // Reading a column differently asks for a new preview with the mapping, and the import sends it too.
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'city' }), 'Ignore');
    await waitFor(() =>
      expect(fetch.filter((call) => call.url === '/api/projects/1/inputs/import/preview/')).toHaveLength(2),
    );
    const remapped = fetch.filter((call) => call.url === '/api/projects/1/inputs/import/preview/')[1];
    expect(bodyOf(remapped).columns).toEqual({ city: 'ignore' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 2 user prompts' }));
    expect(await screen.findByText('Imported 2 user prompts.')).toBeInTheDocument();
    const imported = fetch.find((call) => call.url === '/api/projects/1/inputs/import/');
    expect(bodyOf(imported)).toMatchObject({ columns: { city: 'ignore' } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Second' })).toBeInTheDocument();
  }, 30_000);

  it('keeps Import off while the file has row errors', async () => {
    mockApi(({ url }) => {
      if (url === '/api/projects/1/inputs/') return { body: [] };
      if (url === '/api/projects/1/inputs/import/preview/')
        return {
          body: {
            ...preview,
            sample: [],
            rows: [],
            errors: [{ row: 3, field: 'content', message: 'Content is required.' }],
          },
        };
      return undefined;
    });
    renderWithApp(<InputsView projectId="1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import User Prompts' });
    await userEvent.upload(within(dialog).getByLabelText('Choose a file'), new File(['x'], 'bad.jsonl'));
    expect(await within(dialog).findByRole('row', { name: '3 content Content is required.' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
  }, 30_000);

  it('archives the selected prompts and deletes all after confirming', async () => {
    const fetch = mockApi(({ url }) => {
      if (url === '/api/projects/1/inputs/')
        return { body: [input(1, 'First'), input(2, 'Second'), input(3, 'Third')] };
      if (url === '/api/projects/1/inputs/bulk/') return { body: { action: 'archive', count: 2 } };
      return undefined;
    });
    renderWithApp(<InputsView projectId="1" />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select First' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Third' }));
    expect(screen.getByText('2 of 3 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(screen.getByText('2 user prompts archived.')).toBeInTheDocument());
    const bulkCalls = () => fetch.filter((call) => call.url === '/api/projects/1/inputs/bulk/');
    expect(bodyOf(bulkCalls()[0])).toEqual({ ids: [1, 3], action: 'archive' });

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText('3 of 3 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete user prompts' });
    expect(
      within(confirm).getByText('Are you sure you want to delete 3 user prompts? This cannot be undone.'),
    ).toBeInTheDocument();
    expect(bulkCalls()).toHaveLength(1);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(bulkCalls()).toHaveLength(2));
    expect(bodyOf(bulkCalls()[1])).toEqual({ ids: [1, 2, 3], action: 'delete' });
  }, 30_000);
});
