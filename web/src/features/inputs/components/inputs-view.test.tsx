import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportPreview, Input, InputPage } from '@promptgrid/contract';
import { renderWithApp } from '@/testing/app-test-utils';
import { mockApi, type Answer, type ApiCall } from '@/testing/api-mock';
import { InputsView } from './inputs-view';

const at = '2025-01-01T00:00:00.000Z';
const input = (id: number, name: string, active = true): Input => ({
  id,
  project: 1,
  name,
  content: `${name} content`,
  messages: null,
  variables: { city: 'Paris' },
  expected_output: null,
  active,
  token_count: 3,
  images: [],
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
    {
      name: 'Hello there',
      content: 'Hello there',
      messages: null,
      variables: { city: 'Oslo' },
      expected_output: null,
      active: true,
    },
  ],
  errors: [],
};

const bodyOf = (call: { body: string } | undefined) => JSON.parse(call!.body);

/** The server's reading of the list: search, status, order by name or creation, pages and the ids of all. */
function listAnswer(all: () => Input[], { url, method }: ApiCall): Answer | undefined {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  if (method !== 'GET' || !pathname.startsWith('/api/projects/1/inputs/')) return undefined;
  const search = (searchParams.get('search') ?? '').toLowerCase();
  const status = searchParams.get('status') ?? 'all';
  const matching = all().filter(
    (input) =>
      input.name.toLowerCase().includes(search) && (status === 'all' || input.active === (status === 'active')),
  );
  if (pathname === '/api/projects/1/inputs/ids/') return { body: { ids: matching.map((input) => input.id) } };
  if (pathname !== '/api/projects/1/inputs/') return undefined;
  const sort = searchParams.get('sort') ?? 'created';
  const ordered = sort.endsWith('name')
    ? [...matching].sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }))
    : matching;
  if (sort.startsWith('-')) ordered.reverse();
  const page = Number(searchParams.get('page') ?? 1);
  const size = Number(searchParams.get('page_size') ?? 100);
  const body: InputPage = {
    items: ordered.slice((page - 1) * size, page * size),
    total: ordered.length,
    page,
    page_size: size,
  };
  return { body };
}

const pagesAsked = (calls: ApiCall[]) =>
  calls
    .filter((call) => call.url.startsWith('/api/projects/1/inputs/?'))
    .map((call) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams));

afterEach(() => vi.restoreAllMocks());

describe('InputsView datasets', () => {
  it('previews a chosen file, shows its mapping and rows, then imports it', async () => {
    let list = [input(1, 'First')];
    const fetch = mockApi((call) => {
      const { url } = call;
      if (url === '/api/projects/1/inputs/import/preview/') return { body: preview };
      if (url === '/api/projects/1/inputs/import/') {
        list = [...list, input(2, 'Hello there'), input(3, 'Second')];
        return { status: 201, body: { created: 2 } };
      }
      return listAnswer(() => list, call);
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

  it("maps a JSONL file's fields like CSV columns, a field read as a variable included", async () => {
    const jsonlPreview: ImportPreview = {
      ...preview,
      delimiter: null,
      sample: [
        ['question', 'label', 'tone'],
        ['Refund please', 'billing', 'calm'],
      ],
      columns: [
        { column: 'question', target: 'content' },
        { column: 'label', target: 'expected_output' },
        { column: 'tone', target: 'variable' },
      ],
    };
    const fetch = mockApi((call) =>
      call.url === '/api/projects/1/inputs/import/preview/' ? { body: jsonlPreview } : listAnswer(() => [], call),
    );
    renderWithApp(<InputsView projectId="1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import User Prompts' });
    const line = '{"question":"Refund please","label":"billing","tone":"calm"}\n';
    await userEvent.upload(within(dialog).getByLabelText('Choose a file'), new File([line], 'cases.jsonl'));

    expect(await within(dialog).findByRole('combobox', { name: 'question' })).toHaveDisplayValue('Input text');
    expect(within(dialog).getByRole('combobox', { name: 'label' })).toHaveDisplayValue('Expected output');
    expect(within(dialog).getByRole('cell', { name: 'calm' })).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'label' }), 'Variable');
    const previews = () => fetch.filter((call) => call.url === '/api/projects/1/inputs/import/preview/');
    await waitFor(() => expect(previews()).toHaveLength(2));
    expect(bodyOf(previews()[1])).toMatchObject({ format: 'jsonl', columns: { label: 'variable' } });
  }, 30_000);

  it('keeps Import off while the file has row errors', async () => {
    mockApi((call) => {
      const { url } = call;
      if (url === '/api/projects/1/inputs/import/preview/')
        return {
          body: {
            ...preview,
            sample: [],
            rows: [],
            errors: [{ row: 3, field: 'content', message: 'Content is required.' }],
          },
        };
      return listAnswer(() => [], call);
    });
    renderWithApp(<InputsView projectId="1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import User Prompts' });
    await userEvent.upload(within(dialog).getByLabelText('Choose a file'), new File(['x'], 'bad.jsonl'));
    expect(await within(dialog).findByRole('row', { name: '3 content Content is required.' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
  }, 30_000);

  it('archives the selected prompts and deletes all after confirming', async () => {
    const fetch = mockApi((call) => {
      if (call.url === '/api/projects/1/inputs/bulk/') return { body: { action: 'archive', count: 2 } };
      return listAnswer(() => [input(1, 'First'), input(2, 'Second'), input(3, 'Third')], call);
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

  it('opens a project of more than one page on the table: search, sort, Shift ranges and bulk restore', async () => {
    // jsdom lays nothing out: the table's scroll box reports the height of a screen, so rows come into view.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const all = Array.from({ length: 250 }, (_, index) => input(index + 1, `Case ${index + 1}`, index % 2 === 0));
    const fetch = mockApi((call) => {
      if (call.url === '/api/projects/1/inputs/bulk/') return { body: { action: 'restore', count: 4 } };
      return listAnswer(() => all, call);
    });
    renderWithApp(<InputsView projectId="1" />);
    const table = await screen.findByRole('table', { name: 'User prompts' });
    expect(table).toHaveAttribute('aria-rowcount', '251');
    expect(await within(table).findByRole('row', { name: 'Case 1' })).toBeInTheDocument();
    // Only the rows on screen are in the page, and only their page was asked for.
    expect(within(table).queryByRole('row', { name: 'Case 200' })).not.toBeInTheDocument();
    expect(pagesAsked(fetch)).toEqual([{ status: 'all', sort: 'created', page: '1', page_size: '100' }]);
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');

    // Shift-click selects every row between the last one clicked and this one.
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Case 2' }));
    const user = userEvent.setup();
    await user.keyboard('{Shift>}');
    await user.click(within(table).getByRole('checkbox', { name: 'Select Case 5' }));
    await user.keyboard('{/Shift}');
    expect(await screen.findByText('4 of 250 selected')).toBeInTheDocument();
    for (const name of ['Case 3', 'Case 4'])
      expect(within(table).getByRole('checkbox', { name: `Select ${name}` })).toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'Select Case 6' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await screen.findByText('4 user prompts restored.');
    const bulk = fetch.filter((call) => call.url === '/api/projects/1/inputs/bulk/');
    expect(bodyOf(bulk[0])).toEqual({ ids: [2, 5, 3, 4], action: 'restore' });

    // The server sorts: the Name header orders A to Z, then Z to A.
    await userEvent.click(within(table).getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(pagesAsked(fetch).at(-1)).toMatchObject({ sort: 'name' }));
    await userEvent.click(within(table).getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(pagesAsked(fetch).at(-1)).toMatchObject({ sort: '-name' }));
    expect(await within(table).findByRole('row', { name: 'Case 250' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');

    // The server searches; Select all selects every match, loaded or not.
    await userEvent.type(screen.getByLabelText('Search user prompts'), 'case 1');
    await waitFor(() => expect(pagesAsked(fetch).at(-1)).toMatchObject({ search: 'case 1', page: '1' }));
    await waitFor(() => expect(table).toHaveAttribute('aria-rowcount', String(1 + 1 + 10 + 100)));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(await screen.findByText('111 of 111 selected')).toBeInTheDocument();
    expect(fetch.some((call) => call.url === '/api/projects/1/inputs/ids/?status=all&search=case+1')).toBe(true);

    await userEvent.clear(screen.getByLabelText('Search user prompts'));
    await userEvent.type(screen.getByLabelText('Search user prompts'), 'nothing like it');
    expect(
      await screen.findByText('No user prompt matches "nothing like it".', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
  }, 30_000);
});
