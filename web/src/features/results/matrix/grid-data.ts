import {
  aiModelLabel,
  type ApiRequest,
  type ChatMessage,
  type ApiRequestStatus,
  type OutputSimilarity,
  type Score,
  type SharedEvaluation,
  type ToolCall,
} from '@promptgrid/contract';
import { cellKey, type Cell } from '../lib/results-index';
import { agreementLabel, flakyChecks, repetitionSpread, type CheckPassCount } from '../lib/repetitions';

/** A column of the matrix: one system prompt with its model. */
export type GridColumn = { id: number; name: string; model: string };
/** A row of the matrix: one user prompt (id null: a run without user prompts). */
/** An input's row: `content` is a conversation's last user turn, `messages` the conversation (absent or null: text). */
export type GridRow = {
  id: number | null;
  name: string;
  content: string;
  messages?: ChatMessage[] | null;
  expected: string | null;
  /** The variables it ran with, where the grid has them (a shared grid does not). */
  variables?: Readonly<Record<string, string>>;
};
/** One check's verdict on a cell's output, named; pass is null when the check could not decide (its reason says why). */
export type CellVerdict = { checkId: number; name: string; pass: boolean | null; reason: string };
/**
 * One cell: a request and, once it succeeded, its output. Cost and verdicts are left out where the grid does not
 * carry them (a shared grid); the matrix shows them only when they are present.
 */
export type GridCell = {
  status: ApiRequestStatus;
  output: string | null;
  /** The tools the model asked to call beside its output. */
  toolCalls?: ToolCall[];
  /** Its configuration asked for a JSON answer (a response schema): shown pretty-printed. */
  structured?: boolean;
  error: string | null;
  seconds: number | null;
  /** Time to first token (s), when the call streamed. */
  ttft?: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  /** Of the output tokens, those the model spent reasoning; null (or absent) when none were reported. */
  reasoningTokens?: number | null;
  cost?: number | null;
  /** What judging the output cost (llm_judge checks), beside the call's cost. */
  judgeCost?: number | null;
  /** The checks' verdicts on the output, in the project's check order; empty while none has judged it. */
  verdicts?: CellVerdict[];
  /** A person's thumbs up (1) or down (-1). */
  rating?: 1 | -1 | null;
  /** With repetitions: whether the runs' outputs agree ('identical' or 'n distinct'); the cell shows the first run. */
  agreement?: string | null;
  /** With repetitions: the checks that both passed and failed over them, with their pass counts (empty: none). */
  flaky?: (CheckPassCount & { name: string })[];
  /** The shown (first) run's output against the input's expected output: 1 − edit distance ÷ the longer length. */
  similarity?: number;
};
export type GridData = {
  rows: GridRow[];
  columns: GridColumn[];
  cells: Map<string, GridCell>;
  /** The run was made in mock mode: its charts and exports say its scores measure nothing. */
  mock?: boolean;
};

export const gridCell = (data: GridData, rowId: number | null, columnId: number) =>
  data.cells.get(cellKey(rowId, columnId));

/** Names the checks' verdicts; a check deleted since the run keeps its number. */
export type CheckNames = ReadonlyMap<number, string>;
const NO_CHECK_NAMES: CheckNames = new Map();

const verdictsOf = (scores: Score[], checkNames: CheckNames): CellVerdict[] =>
  scores.map((score) => ({
    checkId: score.check_id,
    name: checkNames.get(score.check_id) ?? `Check #${score.check_id}`,
    pass: score.pass,
    reason: score.error ?? score.reason,
  }));

type OptionalFields = Pick<GridCell, 'cost' | 'judgeCost' | 'verdicts' | 'rating'>;
/** Cost, judge cost and verdicts, when the request carries them (a shared grid's requests carry none). */
const optionalFields = (request: ApiRequest, checkNames: CheckNames): OptionalFields => ({
  ...(request.cost_usd !== undefined ? { cost: request.cost_usd } : {}),
  ...(request.cost_usd !== undefined && request.judge_cost_usd !== undefined
    ? { judgeCost: request.judge_cost_usd }
    : {}),
  ...(request.scores !== undefined ? { verdicts: verdictsOf(request.scores, checkNames) } : {}),
  ...(request.rating !== undefined ? { rating: request.rating?.rating ?? null } : {}),
});

const cellOf = (
  request: ApiRequest | undefined,
  output: string | null,
  fallback: Partial<GridCell>,
  checkNames: CheckNames = NO_CHECK_NAMES,
): GridCell => ({
  status: request?.status ?? (output !== null ? 'SUCCESS' : 'PENDING'),
  output,
  error: request?.error_message ?? null,
  seconds: request?.execution_time ?? fallback.seconds ?? null,
  ttft: request?.ttft ?? fallback.ttft ?? null,
  inputTokens: request?.input_token_total_count ?? fallback.inputTokens ?? null,
  outputTokens: request?.output_token_count ?? fallback.outputTokens ?? null,
  reasoningTokens: request?.reasoning_tokens ?? fallback.reasoningTokens ?? null,
  ...(request ? optionalFields(request, checkNames) : {}),
});

type Named = { name: string };
type InputLike = Named & {
  content: string;
  messages?: ChatMessage[] | null;
  expected_output?: string | null;
  variables?: Readonly<Record<string, string>>;
};

const rowOf = (id: number | null, input: InputLike | undefined): GridRow => ({
  id,
  name: id === null ? 'No user prompt' : (input?.name ?? `Input #${id}`),
  content: input?.content ?? '',
  messages: input?.messages ?? null,
  expected: input?.expected_output ?? null,
  ...(input?.variables ? { variables: input.variables } : {}),
});
/**
 * A cell's facts over its repetitions: whether their outputs agree and each flaky check's pass count, said together
 * in the cell ('3 distinct · Says PASS 2/3').
 */
function repeatedFields(runs: Cell['runs'], checkNames: CheckNames): Pick<GridCell, 'agreement' | 'flaky'> {
  const flaky = flakyChecks(runs).map((count) => ({
    ...count,
    name: checkNames.get(count.checkId) ?? `Check #${count.checkId}`,
  }));
  const labels = [
    agreementLabel(repetitionSpread(runs)),
    ...flaky.map((count) => `${count.name} ${count.passed}/${count.runs}`),
  ].filter((label) => label !== null);
  return { agreement: labels.length > 0 ? labels.join(' · ') : null, flaky };
}

/** The owner's results screen: its indexed cells, and the project's prompts (or the cached copies). */
export function gridFromResults(
  cells: Map<string, Cell>,
  members: { inputIds: (number | null)[]; configurationIds: number[] },
  inputs: Map<number, InputLike>,
  configurations: Map<
    number,
    Named & { ai_model: Parameters<typeof aiModelLabel>[0]; response_schema?: { name: string } | null }
  >,
  mock = false,
  checkNames: CheckNames = NO_CHECK_NAMES,
): GridData {
  const grid = new Map<string, GridCell>();
  for (const [key, { request, result, live, runs }] of cells) {
    const configurationId = request?.configuration ?? result?.configuration;
    const answered = cellOf(
      request,
      result?.output ?? live ?? null,
      {
        seconds: result?.execution_time,
        ttft: result?.ttft,
        inputTokens: result?.input_token_total_count,
        outputTokens: result?.token_count,
        reasoningTokens: result?.reasoning_tokens,
      },
      checkNames,
    );
    const cell: GridCell = {
      ...answered,
      toolCalls: result?.tool_calls ?? [],
      structured: configurationId !== undefined && configurations.get(configurationId)?.response_schema != null,
    };
    grid.set(key, runs.length > 1 ? { ...cell, ...repeatedFields(runs, checkNames) } : cell);
  }
  return {
    rows: members.inputIds.map((id) => rowOf(id, id === null ? undefined : inputs.get(id))),
    columns: members.configurationIds.map((id) => {
      const configuration = configurations.get(id);
      return {
        id,
        name: configuration?.name ?? `Prompt #${id}`,
        model: configuration ? aiModelLabel(configuration.ai_model) : 'Deleted prompt',
      };
    }),
    cells: grid,
    mock,
  };
}

/** The grid with each cell's similarity to its expected output, where the server measured one (first runs only). */
export function withSimilarity(data: GridData, similarity: OutputSimilarity | undefined): GridData {
  if (!similarity || similarity.cells.length === 0) return data;
  const cells = new Map(data.cells);
  for (const measured of similarity.cells) {
    const key = cellKey(measured.input_id, measured.configuration_id);
    const cell = cells.get(key);
    if (cell && measured.repetition === 0) cells.set(key, { ...cell, similarity: measured.similarity });
  }
  return { ...data, cells };
}

/** A shared evaluation, as the public share page receives it. */
export function gridFromShared(shared: SharedEvaluation): GridData {
  const cells = new Map<string, GridCell>();
  const inputIds = new Set<number | null>();
  for (const request of shared.api_requests) {
    inputIds.add(request.input);
    // The grid shows each pair's first run.
    if (request.repetition > 0) continue;
    cells.set(cellKey(request.input, request.configuration), {
      ...cellOf(
        {
          ...request,
          // A shared grid carries no error texts: a failed cell says FAILED.
          error_message: null,
          evaluation: 0,
          attempts: 0,
          // A shared grid carries no cost: the owner's spending stays in the account.
          cost_usd: undefined as unknown as null,
          judge_cost_usd: undefined as unknown as null,
          configuration_version: null,
          system_prompt: null,
          user_prompt: null,
          messages: [],
          // A shared grid carries no verdicts either.
          scores: undefined as unknown as [],
          rating: null,
          judging: false,
          history: [],
        },
        request.output,
        {},
      ),
      toolCalls: request.tool_calls,
    });
  }
  const inputs = new Map(shared.inputs.map((input) => [input.id, input]));
  return {
    rows: [...inputIds].map((id) => rowOf(id, id === null ? undefined : inputs.get(id))),
    columns: shared.configurations.map((c) => ({ id: c.id, name: c.name, model: aiModelLabel(c.ai_model) })),
    cells,
    mock: shared.evaluation.use_mock,
  };
}
