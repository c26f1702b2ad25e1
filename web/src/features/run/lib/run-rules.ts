import {
  LIMITS,
  missingKeyMessage,
  PROVIDERS,
  type ApiKey,
  type Configuration,
  type RunEvaluationResponse,
} from '@promptgrid/contract';
import { errorSentenceList, type ApiError } from '@/lib/api-client';

/** Calls in a run: inputs x prompts, and one per prompt when no input is chosen. */
export function countCalls(inputCount: number, promptCount: number): number {
  if (promptCount <= 0) return 0;
  return Math.max(inputCount, 1) * promptCount;
}

/** The three lines of the confirm dialog; users and tests know them word for word, so they stay verbatim. */
export function confirmLines(inputCount: number, promptCount: number, repetitions = 1): [string, string, string] {
  return [
    // N is every call the run makes, each pair's repetitions included.
    `Running this evaluation will make ${countCalls(inputCount, promptCount) * repetitions} API call(s).`,
    `(running ${promptCount} prompt(s) against ${inputCount} input(s))`,
    'Are you sure you want to proceed?',
  ];
}

/** Said under the confirm dialog's three lines in mock mode: nothing reaches a provider and nothing is counted. */
export const MOCK_RUN_NOTE = 'Mock mode is on: these calls are simulated and free. No provider is called.';

type Settled<T> = { isSuccess: boolean; isError: boolean; data: T | undefined };

/**
 * Mock mode's default: on while the user has nothing to call a model with, neither an active provider key nor an
 * endpoint of their own (which carries its key, or needs none); null until both lists answered. A list that failed
 * to load counts as empty.
 */
export function mockModeFromKeys(
  keys: Settled<Pick<ApiKey, 'is_active'>[]>,
  endpoints: Settled<unknown[]>,
): boolean | null {
  if (keys.data?.some((key) => key.is_active) || (endpoints.data?.length ?? 0) > 0) return false;
  const settled = (list: Settled<unknown>) => list.isSuccess || list.isError;
  return settled(keys) && settled(endpoints) ? true : null;
}

/** For a real run: one sentence per provider the chosen system prompts need and no active key is stored for. */
export function missingKeyMessages(
  chosen: Pick<Configuration, 'ai_model'>[],
  keys: Pick<ApiKey, 'provider' | 'is_active'>[],
) {
  return PROVIDERS.filter((provider) => !keys.some((key) => key.provider === provider && key.is_active)).flatMap(
    (provider) => {
      const models = chosen.filter((c) => c.ai_model.company === provider).map((c) => c.ai_model.model_name);
      return models.length > 0 ? [missingKeyMessage(provider, models)] : [];
    },
  );
}

export const NO_PROMPT_SELECTED = '⚠️ Please select at least one prompt-model before running the evaluation.';

/** The message banner is red if its text contains 'Error', otherwise blue. */
export const bannerTone = (text: string): 'error' | 'info' => (text.includes('Error') ? 'error' : 'info');

/** Run list preview: the first 50 characters. */
export function previewText(text: string, length: number = LIMITS.runPreviewLength): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length)}...` : flat;
}

/** The out-of-free-evaluations text: the server's monthly allowance, or a sentence without the number while it loads. */
export function outOfFreeDescription(numFreeRequests: number | null | undefined): string {
  const used =
    typeof numFreeRequests !== 'number'
      ? 'You have used your free evaluations for this month.'
      : numFreeRequests <= 0
        ? 'Your plan includes no free evaluations.'
        : `You have used your ${numFreeRequests} free ${numFreeRequests === 1 ? 'evaluation' : 'evaluations'} this month.`;
  return `${used} Upgrade to Pro for unlimited evaluations, priority support and advanced analytics. Mock mode stays free.`;
}

export const runFailureMessage = (message: string | null | undefined) =>
  `❌ Error: ${message || 'Failed to run prompt-models.'}`;

/** The banner after POST /api/run-evaluation/ answered. */
export function runOutcomeMessage(
  response: Pick<RunEvaluationResponse, 'results' | 'errors' | 'total_requests'>,
  promptCount: number,
  inputCount: number,
): string {
  const completed = response.results.length;
  const failed = response.errors.length;
  if (failed > 0 && completed > 0)
    return `⚠️ Partially successful: ${completed} configurations completed with ${failed} errors. Check console for details.`;
  if (failed > 0) return '❌ Failed to run configurations. Check console for details.';
  // The server answers at once and works in the background: nothing has run yet.
  if (completed === 0) return `✨ Successfully created evaluation with ${promptCount} prompt-models`;
  return `✨ Successfully ran ${promptCount} prompt-models on ${inputCount} inputs!`;
}

/**
 * Why the server refuses the run as chosen, for the run bar: its first sentence, and how many more there are (one per
 * user prompt that lacks a variable can run to hundreds, which would bury the Run button).
 */
export function blockedReasonText(error: ApiError): string {
  const [first, ...rest] = errorSentenceList(error.body);
  if (first === undefined) return error.message;
  return rest.length === 0 ? first : `${first.replace(/\.$/, '')}, and ${rest.length} more.`;
}
