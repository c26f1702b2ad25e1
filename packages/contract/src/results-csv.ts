// A run's results as CSV rows: one column list for every CSV the product writes of a run (the Results screen's and
// the shared page's download, the CLI's --output results.csv), so a file reads the same wherever it came from.
import { csvSafeCell } from './csv-cell.js';
import { VARIABLE_COLUMN_PREFIX } from './input-import.js';
import type { ChatMessage } from './message.js';
import { MOCK_OUTPUTS_NOTE } from './mock-outputs.js';
import { toolCallsText, type ToolCall } from './tools.js';

/**
 * One row of a run's CSV: one call of an input on a configuration. A field left undefined is one the writer does not
 * carry (a shared page has no ratings or costs); its column is then left out unless another row carries it.
 */
export type ResultsCsvRow = {
  inputName: string;
  /** The user prompt; a conversation's last user turn. */
  input: string;
  messages?: ChatMessage[] | null;
  expected: string | null;
  variables?: Readonly<Record<string, string>>;
  configuration: string;
  /** 'company - model', as aiModelLabel spells it. */
  model: string;
  /** Which run of the pair, from 0; written only when some row is a later one. */
  repetition: number;
  status: string;
  output: string | null;
  toolCalls?: readonly ToolCall[];
  error: string | null;
  /** Each check's verdict, named; pass null when the check could not decide. */
  verdicts?: readonly { checkId: number; name: string; pass: boolean | null; reason: string }[];
  rating?: 1 | -1 | null;
  cost?: number | null;
  judgeCost?: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  seconds: number | null;
  ttft?: number | null;
};

type CsvValue = string | number;

/** Rounded to a number of decimals, or empty: seconds to the millisecond, dollars to the millionth. */
const rounded = (value: number | null | undefined, decimals: number): CsvValue =>
  value == null ? '' : Number(value.toFixed(decimals));
const verdictWord = (pass: boolean | null) => (pass === true ? 'pass' : pass === false ? 'fail' : 'error');
const ratingWord = (rating: ResultsCsvRow['rating']) => (rating === 1 ? 'up' : rating === -1 ? 'down' : '');

/** The checks that gave a verdict on some row, in the order they first appear. */
function checksOf(rows: readonly ResultsCsvRow[]): { id: number; name: string }[] {
  const checks = new Map<number, string>();
  for (const row of rows)
    for (const verdict of row.verdicts ?? [])
      if (!checks.has(verdict.checkId)) checks.set(verdict.checkId, verdict.name);
  return [...checks].map(([id, name]) => ({ id, name }));
}

/**
 * The header and the cells of a run's CSV: the input (with its conversation as JSON, when some input is one), its
 * expected output and a column per variable (`variables.<name>`, as the user prompts' own export names them, so the
 * file imports back), the configuration and model, the repetition (only when some row is a later run), the status,
 * the output, each check's verdict and reason, the rating, cost, tokens, latency and time to first token. Tool
 * calls (as JSON), check, rating and cost columns only when some row has them. A mock run's rows start with a
 * `notice` saying its scores measure nothing. Texts go through csvSafeCell, so no cell runs as a formula.
 */
export function resultsCsvTable(
  rows: readonly ResultsCsvRow[],
  mock: boolean,
): { fields: string[]; data: CsvValue[][] } {
  const some = (has: (row: ResultsCsvRow) => boolean) => rows.some(has);
  const withConversations = some((row) => !!row.messages);
  const variableNames = [...new Set(rows.flatMap((row) => Object.keys(row.variables ?? {})))].sort();
  const withRepetitions = some((row) => row.repetition > 0);
  const withToolCalls = some((row) => (row.toolCalls?.length ?? 0) > 0);
  const checks = checksOf(rows);
  const withRatings = some((row) => row.rating !== undefined);
  const withCost = some((row) => row.cost != null);
  const fields = [
    ...(mock ? ['notice'] : []),
    'input_name',
    'input',
    ...(withConversations ? ['messages'] : []),
    'expected_output',
    ...variableNames.map((name) => VARIABLE_COLUMN_PREFIX + name),
    'configuration',
    'model',
    ...(withRepetitions ? ['repetition'] : []),
    'status',
    'output',
    ...(withToolCalls ? ['tool_calls'] : []),
    'error_message',
    ...checks.flatMap((check) => [`check: ${check.name}`, `check: ${check.name} (reason)`]),
    ...(withRatings ? ['rating'] : []),
    ...(withCost ? ['cost_usd', 'judge_cost_usd'] : []),
    'input_tokens',
    'output_tokens',
    'latency_s',
    'time_to_first_token_s',
  ];
  const data = rows.map((row): CsvValue[] =>
    [
      ...(mock ? [MOCK_OUTPUTS_NOTE] : []),
      row.inputName,
      row.input,
      // A conversation as its JSON list of {role, content}; `input` holds its last user turn.
      ...(withConversations ? [row.messages ? JSON.stringify(row.messages) : ''] : []),
      row.expected ?? '',
      ...variableNames.map((name) => row.variables?.[name] ?? ''),
      row.configuration,
      row.model,
      ...(withRepetitions ? [row.repetition] : []),
      row.status,
      row.output ?? '',
      ...(withToolCalls ? [toolCallsText(row.toolCalls)] : []),
      row.error ?? '',
      ...checks.flatMap((check) => {
        const verdict = row.verdicts?.find((v) => v.checkId === check.id);
        return verdict ? [verdictWord(verdict.pass), verdict.reason] : ['', ''];
      }),
      ...(withRatings ? [ratingWord(row.rating)] : []),
      ...(withCost ? [rounded(row.cost, 6), rounded(row.judgeCost, 6)] : []),
      row.inputTokens ?? '',
      row.outputTokens ?? '',
      rounded(row.seconds, 3),
      rounded(row.ttft, 3),
    ].map((cell) => (typeof cell === 'string' ? csvSafeCell(cell) : cell)),
  );
  return { fields, data };
}
