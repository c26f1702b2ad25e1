import { describe, expect, it } from 'vitest';
import { cellKey } from '../lib/results-index';
import type { GridCell, GridData } from './grid-data';
import { gridCsv } from './csv';
import {
  baselineText,
  cellVerdict,
  filterCounts,
  rowDiffers,
  visibleRows,
  wordDiff,
  type RowOptions,
} from './view-model';
import { itemAt } from '@promptgrid/test-support/items';

const success = (output: string, seconds: number, outputTokens: number): GridCell => ({
  status: 'SUCCESS',
  output,
  error: null,
  seconds,
  inputTokens: 10,
  outputTokens,
});
const failed: GridCell = {
  status: 'FAILED',
  output: null,
  error: 'Boom',
  seconds: 0.1,
  inputTokens: null,
  outputTokens: null,
};

/** Rows 1..3 (the third failed everywhere), columns 10 and 20; row 2's outputs agree. */
const data: GridData = {
  rows: [
    { id: 1, name: 'Beta', content: 'Capital of France?', expected: 'Paris' },
    { id: 2, name: 'Alpha', content: 'Two plus two?', expected: null },
    { id: 3, name: 'Gamma', content: 'Broken', expected: null },
  ],
  columns: [
    { id: 10, name: 'Terse', model: 'openai - gpt-4.1' },
    { id: 20, name: 'Warm', model: 'anthropic - claude-haiku-4-5' },
  ],
  cells: new Map([
    [cellKey(1, 10), success('Paris', 0.5, 1)],
    [cellKey(1, 20), success('It is Paris, of course', 1.5, 6)],
    [cellKey(2, 10), success('=4', 0.2, 1)],
    [cellKey(2, 20), success('=4', 0.9, 1)],
    [cellKey(3, 10), failed],
    [cellKey(3, 20), failed],
  ]),
};

const options = (change: Partial<RowOptions> = {}): RowOptions => ({
  search: '',
  filter: { kind: 'all' },
  differingOnly: false,
  baseline: { kind: 'none' },
  sort: { by: 'run' },
  descending: false,
  ...change,
});
const names = (change: Partial<RowOptions>) => visibleRows(data, options(change)).map((row) => row.name);

describe('the matrix rows', () => {
  it('compares with a column or the expected output, word by word', () => {
    const beta = itemAt(data.rows, 0);
    expect(baselineText(data, beta, 20, { kind: 'column', columnId: 10 })).toBe('Paris');
    // The baseline column itself is shown as it is.
    expect(baselineText(data, beta, 10, { kind: 'column', columnId: 10 })).toBeNull();
    expect(baselineText(data, beta, 20, { kind: 'expected' })).toBe('Paris');
    expect(baselineText(data, beta, 20, { kind: 'none' })).toBeNull();
    const parts = wordDiff('Paris', 'It is Paris, of course');
    expect(parts.filter((p) => p.added).map((p) => p.value.trim())).toContain('It is');
    expect(parts.some((p) => p.removed)).toBe(false);
    // A cell built again (scrolled out and back) reuses its diff; a text split elsewhere is another pair.
    expect(wordDiff('Paris', 'It is Paris, of course')).toBe(parts);
    expect(wordDiff('Pa', 'risIt is Paris, of course')).not.toBe(parts);
  });

  it('keeps only rows whose outputs differ from the baseline; failed cells have nothing to compare', () => {
    expect(rowDiffers(data, itemAt(data.rows, 1), { kind: 'column', columnId: 10 })).toBe(false);
    expect(names({ differingOnly: true, baseline: { kind: 'column', columnId: 10 } })).toEqual(['Beta']);
    expect(names({ differingOnly: true, baseline: { kind: 'expected' } })).toEqual(['Beta']);
  });

  it('compares each cell with the same cell in another run', () => {
    const otherRun = new Map([
      [cellKey(1, 10), 'Paris'],
      [cellKey(1, 20), 'It is Paris, of course'],
      [cellKey(2, 10), '=4'],
      [cellKey(2, 20), '4'],
    ]);
    const baseline = { kind: 'run', evaluationId: 7 } as const;
    expect(baselineText(data, itemAt(data.rows, 1), 20, baseline, otherRun)).toBe('4');
    expect(baselineText(data, itemAt(data.rows, 1), 20, baseline, null)).toBeNull();
    expect(visibleRows(data, options({ differingOnly: true, baseline }), otherRun).map((r) => r.name)).toEqual([
      'Alpha',
    ]);
  });

  it('filters failed calls and searches inputs, expected outputs and outputs, ignoring case', () => {
    expect(names({ filter: { kind: 'failed-calls' } })).toEqual(['Gamma']);
    expect(names({ search: 'paris' })).toEqual(['Beta']);
    expect(names({ search: 'FRANCE' })).toEqual(['Beta']);
    expect(names({ search: 'of course' })).toEqual(['Beta']);
    expect(names({ search: 'boom' })).toEqual(['Gamma']);
  });

  it("sorts by input name or a column's latency or tokens, rows without a value last", () => {
    expect(names({ sort: { by: 'input-name' } })).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(names({ sort: { by: 'latency', columnId: 20 } })).toEqual(['Gamma', 'Alpha', 'Beta']);
    expect(names({ sort: { by: 'tokens', columnId: 20 }, descending: true })).toEqual(['Beta', 'Alpha', 'Gamma']);
    expect(names({ descending: true })).toEqual(['Gamma', 'Alpha', 'Beta']);
  });

  it('exports one CSV row per cell with the expected output, quoting what spreadsheets would run as a formula', () => {
    const lines = gridCsv(data).split('\r\n');
    expect(lines[0]).toBe(
      'input_name,input,expected_output,configuration,model,status,output,error_message,' +
        'input_tokens,output_tokens,latency_s,time_to_first_token_s',
    );
    expect(lines).toHaveLength(7);
    expect(lines[2]).toBe(
      'Beta,Capital of France?,Paris,Warm,anthropic - claude-haiku-4-5,SUCCESS,"It is Paris, of course",,10,6,1.5,',
    );
    expect(lines[3]).toContain(",'=4,");
    expect(lines[5]).toBe('Gamma,Broken,,Terse,openai - gpt-4.1,FAILED,,Boom,,,0.1,');
  });

  it("adds each check's verdict and reason, the rating and the cost when cells carry them, rounded", () => {
    const withExtras: GridData = {
      ...data,
      cells: new Map([
        [
          cellKey(1, 10),
          {
            ...success('Paris', 0.51234, 1),
            ttft: 0.2004,
            cost: 0.00123456789,
            judgeCost: 0.0003,
            rating: 1,
            verdicts: [
              { checkId: 5, name: 'Exact', pass: true, reason: 'Equal.' },
              { checkId: 6, name: 'Short', pass: false, reason: 'Too long.' },
            ],
          },
        ],
      ]),
    };
    const [header, row] = gridCsv(withExtras).split('\r\n');
    expect(header).toBe(
      'input_name,input,expected_output,configuration,model,status,output,error_message,' +
        'check: Exact,check: Exact (reason),check: Short,check: Short (reason),rating,cost_usd,judge_cost_usd,' +
        'input_tokens,output_tokens,latency_s,time_to_first_token_s',
    );
    expect(row).toBe(
      'Beta,Capital of France?,Paris,Terse,openai - gpt-4.1,SUCCESS,Paris,,pass,Equal.,fail,Too long.,up,' +
        '0.001235,0.0003,10,1,0.512,0.2',
    );
  });
});

describe('the matrix filters', () => {
  const verdict = (pass: boolean, checkId = 5) => ({ checkId, name: `Check ${checkId}`, pass, reason: '' });
  const judged: GridData = {
    ...data,
    cells: new Map([
      [cellKey(1, 10), { ...success('Paris', 0.5, 1), verdicts: [verdict(true), verdict(true, 6)] }],
      [cellKey(1, 20), { ...success('paris ', 0.5, 1), verdicts: [verdict(true), verdict(false, 6)] }],
      [cellKey(2, 10), { ...success('4', 0.2, 1), verdicts: [verdict(false), verdict(true, 6)] }],
      [cellKey(2, 20), { ...success('4', 0.2, 1), verdicts: [verdict(false), verdict(true, 6)] }],
      [cellKey(3, 10), failed],
      [cellKey(3, 20), failed],
    ]),
  };
  const shown = (filter: RowOptions['filter']) => visibleRows(judged, options({ filter })).map((row) => row.name);

  it('keeps rows where a check failed, a named check failed, a call failed, or the configurations disagree', () => {
    expect(shown({ kind: 'failed-checks' })).toEqual(['Beta', 'Alpha']);
    expect(shown({ kind: 'check', checkId: 6 })).toEqual(['Beta']);
    expect(shown({ kind: 'check', checkId: 5 })).toEqual(['Alpha']);
    expect(shown({ kind: 'failed-calls' })).toEqual(['Gamma']);
    // Beta's outputs read the same once case and spacing are set aside, but one check's verdicts differ.
    expect(shown({ kind: 'differs' })).toEqual(['Beta']);
  });

  it('counts the rows each filter keeps', () => {
    expect(Object.fromEntries(filterCounts(judged))).toEqual({
      all: 3,
      'failed-checks': 2,
      'failed-calls': 1,
      differs: 1,
      flaky: 0,
      'check:5': 1,
      'check:6': 1,
    });
  });

  it('keeps rows where a check both passed and failed over some cell’s repetitions', () => {
    const wobbly = { checkId: 5, name: 'Check 5', passed: 1, runs: 3 };
    const repeated: GridData = {
      ...judged,
      cells: new Map([
        ...judged.cells,
        [cellKey(1, 10), { ...success('Paris', 0.5, 1), flaky: [] }],
        [cellKey(2, 20), { ...success('4', 0.2, 1), flaky: [wobbly] }],
      ]),
    };
    expect(visibleRows(repeated, options({ filter: { kind: 'flaky' } })).map((row) => row.name)).toEqual(['Alpha']);
    expect(filterCounts(repeated).get('flaky')).toBe(1);
  });

  it('calls a cell Fail when one check failed, Pass when all passed, nothing without verdicts', () => {
    expect(cellVerdict(judged.cells.get(cellKey(1, 20)))).toBe('fail');
    expect(cellVerdict(judged.cells.get(cellKey(1, 10)))).toBe('pass');
    expect(cellVerdict(failed)).toBeNull();
  });
});
