import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { defaultEvaluationName, type Check, type Configuration, type Input } from '@promptgrid/contract';
import { ApiError } from '@/lib/api-client';
import { Banner } from '@/components/ui/banner';
import { MessageText } from '@/components/ui/message-text';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RepetitionsField } from './repetitions-field';
import { Spinner } from '@/components/ui/spinner';
import { useApiKeys } from '@/lib/api/get-api-keys';
import { useEndpoints } from '@/lib/api/get-endpoints';
import { checkSubscription } from '@/lib/api/check-subscription';
import { useRunEvaluation } from '../api/run-evaluation';
import { useRunEstimate } from '../api/estimate-run';
import {
  bannerTone,
  blockedReasonText,
  confirmLines,
  countCalls,
  missingKeyMessages,
  MOCK_RUN_NOTE,
  mockModeFromKeys,
  NO_PROMPT_SELECTED,
  runFailureMessage,
  runOutcomeMessage,
} from '../lib/run-rules';
import { parseBudget } from '../lib/estimate-text';
import { ExpectedCheckOfferField, useExpectedCheckOffer } from './expected-check-offer';
import { MissingKeysNotice } from './missing-keys-notice';
import { OutOfFreeDialog } from './out-of-free-dialog';
import { RunBar } from './run-bar';
import { RunEstimateLine } from './run-estimate';
import { RunOptions, type RunOptionsValue } from './run-options';
import { RunSelections } from './run-selections';
import { InputPicker } from './input-picker';
import { useRememberedInputs } from '../hooks/use-remembered-inputs';
import { paths } from '@/lib/paths';

type Props = {
  projectId: string;
  inputs: Input[] | undefined;
  configurations: Configuration[] | undefined;
  /** The project's checks: with none, and expected outputs, a check against them is offered. */
  checks?: Check[];
  /** Set when the inputs or configurations could not be loaded. */
  loadError: string | null;
};

/** Where the results screen picks the new evaluation up. */
export type RunNavigationState = { evaluationId: number; totalRequests: number; message: string };

/** The server's words for a failed run: its detail, or the missing-key sentences of its 400, else the message. */
function detailOf(error: unknown): string {
  const body = error instanceof ApiError && error.body && typeof error.body === 'object' ? error.body : null;
  if (body && 'detail' in body) return String(body.detail);
  if (body && 'api_key' in body && Array.isArray(body.api_key)) return body.api_key.join(' ');
  return error instanceof Error ? error.message : '';
}

/** Configure and Run Evaluation: choose the prompts, confirm the number of calls, run, and go to the results. */
export function RunView({ projectId, inputs, configurations, checks, loadError }: Props) {
  const navigate = useNavigate();
  const expectedCheck = useExpectedCheckOffer(projectId, inputs, checks);
  const apiKeys = useApiKeys();
  const endpoints = useEndpoints();
  const run = useRunEvaluation();
  const activeInputs = useMemo(() => (inputs ?? []).filter((input) => input.active), [inputs]);
  const activeConfigurations = useMemo(
    () => (configurations ?? []).filter((configuration) => configuration.is_active),
    [configurations],
  );
  // Until the user changes a choice (null), it follows the data: every active prompt is selected, and mock mode is
  // on when no API key or endpoint is stored, so a new user can try everything without keys.
  const [chosenInputs, setSelectedInputs] = useRememberedInputs(projectId);
  const [chosenConfigurations, setSelectedConfigurations] = useState<Set<number> | null>(null);
  const [chosenMockMode, setMockMode] = useState<boolean | null>(null);
  // A remembered choice counts only the user prompts still active; when all it held are gone (deleted, archived),
  // every active one is selected, as on a first visit. An empty choice stays empty: a run may have no user prompt.
  const selectedInputs = useMemo(() => {
    const remembered = chosenInputs && activeInputs.filter((input) => chosenInputs.has(input.id));
    const fresh = !chosenInputs || (chosenInputs.size > 0 && remembered?.length === 0);
    return new Set((fresh ? activeInputs : (remembered ?? [])).map((input) => input.id));
  }, [chosenInputs, activeInputs]);
  const selectedConfigurations = useMemo(
    () => chosenConfigurations ?? new Set(activeConfigurations.map((c) => c.id)),
    [chosenConfigurations, activeConfigurations],
  );
  const mockMode = chosenMockMode ?? mockModeFromKeys(apiKeys, endpoints);
  const [message, setMessage] = useState<string | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!message) return;
    // After the dialog has handed focus back to the Run button.
    const frame = requestAnimationFrame(() => {
      messageRef.current?.scrollIntoView?.({ block: 'center' });
      messageRef.current?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [message]);
  const [confirming, setConfirming] = useState(false);
  const [repetitions, setRepetitions] = useState(1);
  const [options, setOptions] = useState<RunOptionsValue>({ name: '', budget: '' });
  const [namePlaceholder, setNamePlaceholder] = useState(defaultEvaluationName);
  const [outOfFree, setOutOfFree] = useState(false);
  const [busy, setBusy] = useState(false);

  const inputIds = activeInputs.filter((input) => selectedInputs.has(input.id)).map((input) => input.id);
  const configurationIds = activeConfigurations.filter((c) => selectedConfigurations.has(c.id)).map((c) => c.id);
  const calls = countCalls(inputIds.length, configurationIds.length);
  const archivedInputs = (inputs?.length ?? 0) - activeInputs.length;
  const archivedConfigurations = (configurations?.length ?? 0) - activeConfigurations.length;
  const useMock = mockMode ?? true;
  const missingKeys =
    useMock || !apiKeys.isSuccess
      ? []
      : missingKeyMessages(
          activeConfigurations.filter((c) => selectedConfigurations?.has(c.id)),
          apiKeys.data,
        );

  const start = () => {
    if (configurationIds.length === 0) {
      setMessage(NO_PROMPT_SELECTED);
      return;
    }
    setMessage(null);
    setNamePlaceholder(defaultEvaluationName());
    setConfirming(true);
  };
  const budget = parseBudget(options.budget);

  const proceed = async () => {
    if (budget.error) return;
    setConfirming(false);
    setBusy(true);
    try {
      let access: boolean;
      try {
        access = (await checkSubscription()).active;
      } catch {
        setMessage('Error checking subscription status');
        return;
      }
      // Mock runs are free and never blocked.
      if (!access && !useMock) {
        setOutOfFree(true);
        return;
      }
      await expectedCheck.createIfTicked();
      const response = await run.mutateAsync({
        configuration_ids: configurationIds,
        input_ids: inputIds,
        name: options.name.trim() || defaultEvaluationName(),
        use_mock: useMock,
        repetitions,
        ...(budget.budget === undefined ? {} : { budget_usd: budget.budget }),
      });
      if (response.errors.length > 0) console.error('Evaluation errors', response.errors);
      const outcome = runOutcomeMessage(response, configurationIds.length, inputIds.length);
      setMessage(outcome);
      const state: RunNavigationState = {
        evaluationId: response.evaluation_id,
        totalRequests: response.total_requests,
        message: outcome,
      };
      void navigate(paths.projectResults.to(projectId, response.evaluation_id), { state });
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) {
        setOutOfFree(true);
        return;
      }
      console.error('Run failed', error);
      setMessage(runFailureMessage(detailOf(error)));
    } finally {
      setBusy(false);
    }
  };

  const lines = confirmLines(inputIds.length, configurationIds.length, repetitions);
  const estimatePayload = { configuration_ids: configurationIds, input_ids: inputIds, use_mock: useMock, repetitions };
  const anthropic = activeConfigurations.some(
    (c) => selectedConfigurations.has(c.id) && c.ai_model.company === 'anthropic',
  );
  const loading = !loadError && (!inputs || !configurations);
  // Once mock mode is known (the stored keys decide it), so the first estimate is of the run Run would start.
  const estimate = useRunEstimate(estimatePayload, !loading && configurationIds.length > 0 && mockMode !== null);
  // The server refuses the run as chosen (400, e.g. a variable no user prompt fills): Run waits for a fix.
  const blockedReason =
    estimate.error instanceof ApiError && estimate.error.status === 400 ? blockedReasonText(estimate.error) : null;
  return (
    <section aria-labelledby="run-title" className="space-y-6">
      <div>
        <h2 id="run-title" className="text-xl font-semibold">
          Configure and Run Evaluation
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-slate-600 dark:text-slate-400">
          Choose the system prompts and the user prompts to compare. Every chosen system prompt runs on every chosen
          user prompt.
        </p>
      </div>

      {loadError ? <Banner tone="error">{`Error: ${loadError}`}</Banner> : null}
      {loading ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading prompts" />
        </div>
      ) : (
        <>
          {activeInputs.length > 1 ? (
            <InputPicker projectId={projectId} inputs={activeInputs} onSelect={setSelectedInputs} />
          ) : null}
          <RunSelections
            projectId={projectId}
            inputs={activeInputs}
            configurations={activeConfigurations}
            selectedInputs={selectedInputs}
            onInputsChange={setSelectedInputs}
            selectedConfigurations={selectedConfigurations}
            onConfigurationsChange={(next) => {
              setSelectedConfigurations(next);
              if (message === NO_PROMPT_SELECTED) setMessage(null);
            }}
            archived={{ inputs: archivedInputs, configurations: archivedConfigurations }}
          />
        </>
      )}

      <ExpectedCheckOfferField offer={expectedCheck} />
      <MissingKeysNotice messages={missingKeys} />
      <RunBar
        estimate={
          configurationIds.length > 0 && !blockedReason ? (
            <RunEstimateLine
              payload={estimatePayload}
              open={!loading && mockMode !== null}
              anthropic={anthropic}
              compact
            />
          ) : null
        }
        blockedReason={blockedReason}
        mockMode={mockMode}
        onMockModeChange={setMockMode}
        calls={calls}
        busy={busy}
        disabled={loading}
        onRun={start}
      />

      {message ? (
        // Focus comes here after the confirm dialog, so a failure below the fold is seen and read out.
        <div ref={messageRef} tabIndex={-1} className="scroll-mt-24 outline-none">
          <Banner tone={bannerTone(message)}>
            <MessageText text={message} />
          </Banner>
        </div>
      ) : null}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Run evaluation"
        message={
          <>
            <span className="block">{lines[0]}</span>
            <span className="block">{lines[1]}</span>
            <span className="mt-2 block">{lines[2]}</span>
            {useMock ? <span className="mt-2 block font-medium">{MOCK_RUN_NOTE}</span> : null}
            <RunEstimateLine payload={estimatePayload} open={confirming} anthropic={anthropic} />
          </>
        }
        confirmLabel="Run"
        onConfirm={() => void proceed()}
      >
        <RepetitionsField value={repetitions} onChange={setRepetitions} calls={calls} />
        <RunOptions
          value={options}
          onChange={setOptions}
          namePlaceholder={namePlaceholder}
          budgetError={budget.error}
        />
      </ConfirmDialog>
      <OutOfFreeDialog open={outOfFree} onOpenChange={setOutOfFree} />
    </section>
  );
}
