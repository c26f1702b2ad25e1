import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { cellKey } from '../lib/results-index';
import type { GridCell, GridData } from './grid-data';
import { gridCsv } from './csv';
import { CellBody } from './matrix-cell';
import { baselineText, rowDiffers } from './view-model';
import { itemAt } from '@promptgrid/test-support/items';

const answered = (output: string, changes: Partial<GridCell> = {}): GridCell => ({
  status: 'SUCCESS',
  output,
  error: null,
  seconds: 1,
  inputTokens: 2,
  outputTokens: 3,
  ...changes,
});
const paris = [{ name: 'get_weather', arguments: { city: 'Paris' } }];
const lyon = [{ name: 'get_weather', arguments: { city: 'Lyon' } }];
const grid = (first: GridCell, second: GridCell): GridData => ({
  rows: [{ id: 1, name: 'Weather', content: 'Weather in Paris?', expected: null }],
  columns: [
    { id: 10, name: 'Tools', model: 'openai - gpt-4.1' },
    { id: 20, name: 'Other tools', model: 'openai - gpt-4.1' },
  ],
  cells: new Map([
    [cellKey(1, 10), first],
    [cellKey(1, 20), second],
  ]),
});

describe('tool calls in the results grid', () => {
  it('shows each call by name with its arguments pretty-printed, and a structured answer as pretty JSON', () => {
    const { unmount } = render(<CellBody cell={answered('', { toolCalls: paris })} baseline={null} mode="plain" />);
    const call = within(screen.getByRole('list', { name: 'Tool calls' })).getByRole('listitem');
    expect(call).toHaveTextContent('Calls get_weather');
    expect(within(call).getByText(/"city": "Paris"/).textContent).toBe('{\n  "city": "Paris"\n}');
    unmount();

    render(<CellBody cell={answered('{"summary":"Sunny"}', { structured: true })} baseline={null} mode="plain" />);
    expect(screen.getByText(/"summary"/).textContent).toBe('{\n  "summary": "Sunny"\n}');
  });

  it('compares tool calls as pretty JSON: cells that call the same tool with other arguments differ', () => {
    const data = grid(answered('', { toolCalls: paris }), answered('', { toolCalls: lyon }));
    const row = itemAt(data.rows, 0);
    expect(baselineText(data, row, 20, { kind: 'column', columnId: 10 })).toBe(
      '\n[\n  {\n    "name": "get_weather",\n    "arguments": {\n      "city": "Paris"\n    }\n  }\n]',
    );
    expect(rowDiffers(data, row, { kind: 'column', columnId: 10 })).toBe(true);
    const same = grid(answered('', { toolCalls: paris }), answered('', { toolCalls: paris }));
    expect(rowDiffers(same, itemAt(same.rows, 0), { kind: 'column', columnId: 10 })).toBe(false);
  });

  it('exports the calls as a JSON column, only when some cell called a tool', () => {
    const [header = [], first = [], second = []] = Papa.parse<string[]>(
      gridCsv(grid(answered('', { toolCalls: paris }), answered('Sunny.', { toolCalls: [] }))),
    ).data;
    const column = header.indexOf('tool_calls');
    expect(column).toBe(header.indexOf('output') + 1);
    expect(JSON.parse(itemAt(first, column))).toEqual(paris);
    expect(itemAt(second, column)).toBe('');
    const [plainHeader = []] = Papa.parse<string[]>(gridCsv(grid(answered('a'), answered('b')))).data;
    expect(plainHeader).not.toContain('tool_calls');
  });
});
