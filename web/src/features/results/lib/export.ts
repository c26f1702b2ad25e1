import {
  MOCK_OUTPUTS_NOTE,
  type ChatMessage,
  type Configuration,
  type Input,
  type Rating,
  type ReasoningSetting,
  type Score,
  type ToolCall,
} from '@promptgrid/contract';
import { countStatuses, deriveRunStatus } from './status';
import { indexCells } from './results-index';
import type { EvaluationSnapshot } from './types';
import { saveFile } from './save-file';

/** The JSON download; docs/export-format.md describes every field. */
export type EvaluationExport = {
  format: 'promptgrid.evaluation';
  version: 1;
  /** A mock run's file says first that its scores measure nothing (MOCK_OUTPUTS_NOTE); null for a real run. */
  notice: string | null;
  exported_at: string;
  project: { id: number; name: string } | null;
  evaluation: {
    id: number;
    use_mock: boolean;
    status: 'Complete' | 'Partial' | 'Failed';
    total_requests: number;
    status_counts: { SUCCESS: number; FAILED: number; PENDING: number; IN_PROGRESS: number };
    ended_at: string | null;
    metrics: {
      average_execution_time: number;
      input_tokens: number;
      output_tokens: number;
      cost_usd: number | null;
      cost_complete: boolean;
      /** What judging the outputs cost, apart from cost_usd (absent in snapshots cached before it was kept). */
      judge_cost_usd?: number | null;
    } | null;
  };
  /** messages: a conversation input's turns (content is its last user turn); null for a text input. */
  inputs: { id: number; name: string; content: string; messages: ChatMessage[] | null; token_count: number }[];
  configurations: {
    id: number;
    name: string;
    prompt: string;
    /** Sent after the prompt, before the input; user_template: the user message a text input was sent as. */
    messages: ChatMessage[];
    user_template: string;
    model: { id: number; company: string; model_name: string };
    /** reasoning: the effort or thinking budget the run sent; null: none. */
    parameters: { temperature: number; max_tokens: number | null; reasoning: ReasoningSetting | null };
    provider_specific_params: { json_mode?: boolean };
  }[];
  results: {
    api_request_id: number | null;
    input_id: number | null;
    configuration_id: number;
    /** Which run of its pair, from 0 (evaluations with repetitions run each pair several times). */
    repetition: number;
    status: 'PENDING' | 'IN_PROGRESS' | 'SUCCESS' | 'FAILED';
    system_prompt: string | null;
    user_prompt: string | null;
    /** Every turn sent after the system prompt (the configuration's messages, then the input's); [] if not known. */
    messages: ChatMessage[];
    output: string | null;
    /** The tools the model asked to call beside its output. */
    tool_calls: ToolCall[];
    error_message: string | null;
    execution_time: number | null;
    input_tokens: number | null;
    output_tokens: number | null;
    /** Of output_tokens, those spent reasoning; null when none were reported. */
    reasoning_tokens: number | null;
    /** The checks' verdicts on the output, each with the check's name (null if the check is gone). */
    scores: (Score & { check_name: string | null })[];
    rating: Rating | null;
    cost_usd: number | null;
    /** What judging the output cost (llm_judge checks), beside the call's cost_usd. */
    judge_cost_usd: number | null;
  }[];
};

export function buildExport(
  snapshot: EvaluationSnapshot,
  inputs: Input[],
  configurations: Configuration[],
  project: { id: number; name: string } | null,
  now = new Date(),
  checkNames: ReadonlyMap<number, string> = new Map(),
  mock = false,
): EvaluationExport {
  const cells = [...indexCells(snapshot.apiRequests, snapshot.results).values()];
  const inputIds = new Set(cells.map((cell) => cell.request?.input ?? cell.result?.input ?? null));
  const configurationIds = new Set(cells.map((cell) => (cell.request?.configuration ?? cell.result?.configuration)!));
  const counts = countStatuses(snapshot.apiRequests);
  const total = snapshot.totalRequests ?? snapshot.apiRequests.length;
  return {
    format: 'promptgrid.evaluation',
    version: 1,
    notice: mock ? MOCK_OUTPUTS_NOTE : null,
    exported_at: now.toISOString(),
    project,
    evaluation: {
      id: snapshot.evaluationId,
      use_mock: mock,
      status: deriveRunStatus(false, counts.SUCCESS, total) as 'Complete' | 'Partial' | 'Failed',
      total_requests: total,
      status_counts: counts,
      ended_at: snapshot.endTime,
      metrics: snapshot.metrics,
    },
    inputs: inputs
      .filter((input) => inputIds.has(input.id))
      .map(({ id, name, content, messages, token_count }) => ({ id, name, content, messages, token_count })),
    configurations: configurations
      .filter((configuration) => configurationIds.has(configuration.id))
      .map((c) => ({
        id: c.id,
        name: c.name,
        prompt: c.prompt.content,
        messages: c.messages,
        user_template: c.user_template,
        model: { id: c.ai_model.id, company: c.ai_model.company, model_name: c.ai_model.model_name },
        parameters: {
          temperature: c.parameters.temperature,
          max_tokens: c.parameters.max_tokens,
          reasoning: c.parameters.reasoning,
        },
        provider_specific_params: c.provider_specific_params,
      })),
    // Every run of every cell, in the order of the server's api requests.
    results: cells
      .flatMap((cell) => cell.runs)
      .sort((a, b) => (a.request?.id ?? a.result?.api_request ?? 0) - (b.request?.id ?? b.result?.api_request ?? 0))
      .map(({ request, result }) => ({
        api_request_id: request?.id ?? result?.api_request ?? null,
        input_id: request?.input ?? result?.input ?? null,
        configuration_id: (request?.configuration ?? result?.configuration)!,
        repetition: request?.repetition ?? 0,
        status: request?.status ?? 'SUCCESS',
        system_prompt: request?.system_prompt ?? null,
        user_prompt: request?.user_prompt ?? null,
        messages: request?.messages ?? [],
        output: result?.output ?? null,
        tool_calls: result?.tool_calls ?? [],
        error_message: request?.error_message ?? null,
        execution_time: result?.execution_time ?? request?.execution_time ?? null,
        input_tokens: result?.input_token_total_count ?? request?.input_token_total_count ?? null,
        output_tokens: result?.token_count ?? request?.output_token_count ?? null,
        reasoning_tokens: result?.reasoning_tokens ?? request?.reasoning_tokens ?? null,
        scores: (request?.scores ?? []).map((score) => ({
          ...score,
          check_name: checkNames.get(score.check_id) ?? null,
        })),
        rating: request?.rating ?? null,
        cost_usd: request?.cost_usd ?? null,
        judge_cost_usd: request?.judge_cost_usd ?? null,
      })),
  };
}

/** Saves the export as a file named after the evaluation. */
export function downloadExport(data: EvaluationExport) {
  saveFile(
    new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
    `promptgrid-evaluation-${data.evaluation.id}.json`,
  );
}

/** The screen's Download JSON: the run as shown, its checks named. */
export const downloadRun = (
  snapshot: EvaluationSnapshot,
  inputs: Iterable<Input>,
  configurations: Iterable<Configuration>,
  project: { id: number; name: string } | null,
  checkNames: ReadonlyMap<number, string>,
  mock: boolean,
) => downloadExport(buildExport(snapshot, [...inputs], [...configurations], project, new Date(), checkNames, mock));
