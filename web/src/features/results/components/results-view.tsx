import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { ApiRequest, Configuration, Input, Result } from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { MessageText } from '@/components/ui/message-text';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useEvaluation } from '../hooks/use-evaluation';
import { useEvaluationEvents } from '../hooks/use-evaluation-events';
import { useResultsLayout } from '../hooks/use-results-layout';
import { useRunHistory } from '../hooks/use-run-history';
import { useRunSlots } from '../hooks/use-run-slots';
import { useResultsSelections } from '../hooks/use-results-selections';
import { downloadCsv, gridCsv } from '../matrix/csv';
import { gridFromResults } from '../matrix/grid-data';
import { MatrixView } from '../matrix/matrix-view';
import { InputPicker } from './input-picker';
import { downloadRun } from '../lib/export';
import { useLiveReplies } from '../lib/live-replies';
import { evaluationMembers, indexCells } from '../lib/results-index';
import { canDownload, countStatuses, deriveRunStatus, isSettled, progressDots, withCancelled } from '../lib/status';
import { runAgreement } from '../lib/repetitions';
import { useRunControl } from '../hooks/use-run-control';
import { RunControls } from './run-controls';
import type { RunSlots } from '../lib/run-slots';
import { PromptPicker } from './prompt-picker';
import { ResultGrid } from './result-grid';
import { SummaryBar } from './summary-bar';
import { PollErrorBanner } from './poll-error-banner';
import { NoEvaluation, ResultsHeader } from './results-header';
import { ConfigurationPairSummary } from '../compare/configuration-pair';
import { useConfigurationPairParam } from '../hooks/use-results-url';

type Props = RunSlots & {
  projectId: string;
  project: { id: number; name: string } | null;
  inputs: Input[] | undefined;
  configurations: Configuration[] | undefined;
  loadError: boolean;
  /**
   * The run to show (from ?evaluation=, else the project's latest, as the server says) and the run screen's message;
   * null when the project has none. `mock`: the run was
   * made in mock mode, so its summary, leaderboard, charts and exports say its scores measure nothing.
   */
  incoming: { evaluationId: number; totalRequests: number | null; message: string | null; mock?: boolean } | null;
  /** The run's name, shown in the header. */
  runName?: string;
  /** Controls beside the run's name (history, rename), composed by the caller. */
  headerActions?: ReactNode;
  /** The project's checks by id, to name the verdicts on the cards. */
  checkNames?: ReadonlyMap<number, string>;
};

const byId = <T extends { id: number }>(items: T[]) => new Map(items.map((item) => [item.id, item]));
const NO_REQUESTS: ApiRequest[] = [];
const NO_RESULTS: Result[] = [];
const NO_CHECKS: ReadonlyMap<number, string> = new Map();

/** The Results screen: the last evaluation's progress, its summary, and one card per prompt for the chosen input. */
export function ResultsView({
  projectId,
  project,
  inputs,
  configurations,
  loadError,
  incoming,
  aboveCards,
  toolbar,
  cardExtras,
  checkNames = NO_CHECKS,
  runName,
  headerActions,
}: Props) {
  const evaluationId = incoming?.evaluationId ?? null;
  const mock = incoming?.mock ?? false;
  const { snapshot, polling, pollError, resume, resuming, resultsError, loadingFirst } = useEvaluation(
    evaluationId,
    incoming?.totalRequests ?? null,
  );
  // Replies stream into the cells while the run goes; the polling above stays the fallback.
  useEvaluationEvents(evaluationId, polling);
  const live = useLiveReplies(evaluationId);

  const [message, setMessage] = useState(incoming?.message ?? null);

  // The caller passes what the run froze at start, so later edits and deletes change no label.
  const inputsById = useMemo(() => byId(inputs ?? []), [inputs]);
  const configurationsById = useMemo(() => byId(configurations ?? []), [configurations]);

  const requests = snapshot?.apiRequests ?? NO_REQUESTS;
  const results = snapshot?.results ?? NO_RESULTS;
  const cells = useMemo(() => indexCells(requests, results, live), [requests, results, live]);
  const members = useMemo(() => evaluationMembers(requests.length > 0 ? requests : results), [requests, results]);
  const counts = countStatuses(requests);
  const total = snapshot?.totalRequests ?? requests.length;
  const dots = useMemo(() => progressDots(requests, total), [requests, total]);
  // After a polling error the run may still be going on the server: Running until every request has ended.
  const settled = isSettled(requests, total);
  const status = withCancelled(
    deriveRunStatus(polling, counts.SUCCESS, total, settled),
    requests,
    snapshot?.metrics?.cancelled,
  );
  const control = useRunControl(evaluationId);

  const { selections, setSelections, inputId, selectedConfigurationIds, togglePrompt, selectAllPrompts } =
    useResultsSelections(evaluationId, members);
  const selectedSet = useMemo(() => new Set(selectedConfigurationIds), [selectedConfigurationIds]);
  const [layout, setLayout] = useResultsLayout(projectId, inputs?.length ?? 0);
  const history = useRunHistory(projectId, evaluationId, layout === 'matrix');
  // Two configurations compared from the leaderboard: the matrix shows just them, the second diffed against the first.
  const [pair, setPair] = useConfigurationPairParam();
  const compareConfigurations = useCallback(
    (baseId: number, headId: number) => {
      setPair({ baseId, headId });
      setLayout('matrix');
    },
    [setLayout, setPair],
  );
  const shownConfigurationIds = useMemo(
    () => (pair ? [pair.baseId, pair.headId] : selectedConfigurationIds),
    [pair, selectedConfigurationIds],
  );
  const grid = useMemo(
    () =>
      gridFromResults(
        cells,
        { inputIds: members.inputIds, configurationIds: shownConfigurationIds },
        inputsById,
        configurationsById,
        mock,
        checkNames,
      ),
    [cells, members.inputIds, shownConfigurationIds, inputsById, configurationsById, mock, checkNames],
  );

  // What the pieces composed in app/ (leaderboard, checks, blind votes, ratings) need of the run on screen.
  const { run, extras } = useRunSlots(
    { evaluationId, polling, mock, configurationsById, inputsById, requests, results, compareConfigurations },
    cardExtras,
  );

  if (evaluationId === null) return <NoEvaluation projectId={projectId} toolbar={toolbar} />;

  return (
    <section aria-labelledby="results-title" className="space-y-5">
      <ResultsHeader
        title={runName ?? `Evaluation #${evaluationId}`}
        evaluationId={evaluationId}
        actions={
          <>
            {headerActions}
            {toolbar?.(run, projectId)}
          </>
        }
        layout={layout}
        onLayoutChange={setLayout}
      />

      {message ? (
        <Banner tone={message.includes('Error') ? 'error' : 'info'} className="flex items-start justify-between gap-4">
          <MessageText text={message} />
          <button type="button" onClick={() => setMessage(null)} className="text-xs font-medium underline">
            Dismiss
          </button>
        </Banner>
      ) : null}
      {pollError ? <PollErrorBanner settled={settled} resume={resume} resuming={resuming} /> : null}
      {resultsError ? <Banner tone="error">Failed to load results. Please try again.</Banner> : null}
      {loadError ? <Banner tone="error">Failed to load configuration data. Please try again.</Banner> : null}

      <SummaryBar
        finished={counts.SUCCESS + counts.FAILED}
        total={total}
        metrics={snapshot?.metrics ?? null}
        polling={status === 'Running'}
        judging={{ pending: requests.filter((request) => request.judging).length, of: total - counts.FAILED }}
        paused={pollError}
        status={status}
        dots={dots}
        canDownload={canDownload(polling, counts.SUCCESS)}
        onDownload={() =>
          snapshot && downloadRun(snapshot, inputsById.values(), configurationsById.values(), project, checkNames, mock)
        }
        onDownloadCsv={() =>
          downloadCsv(
            gridCsv(gridFromResults(cells, members, inputsById, configurationsById, mock, checkNames)),
            `promptgrid-evaluation-${evaluationId}.csv`,
          )
        }
        agreement={runAgreement(cells.values())}
        mock={mock}
      />
      <RunControls control={control} status={status} failed={counts.FAILED} />

      {loadingFirst ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading results" />
        </div>
      ) : (
        <div
          className={
            layout === 'matrix' ? 'grid gap-4' : 'grid items-start gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]'
          }
        >
          {layout === 'cards' ? (
            <InputPicker
              inputIds={members.inputIds}
              inputId={inputId}
              inputsById={inputsById}
              selections={selections}
              setSelections={setSelections}
            />
          ) : null}

          <PromptPicker
            ids={members.configurationIds}
            selected={selectedSet}
            configurations={configurationsById}
            onToggle={togglePrompt}
            onAll={selectAllPrompts}
          />
        </div>
      )}

      {run && !loadingFirst && aboveCards ? aboveCards(run) : null}

      {pair && run && !loadingFirst && layout === 'matrix' ? (
        <>
          <ConfigurationPairSummary data={grid} pair={pair} nameOf={run.nameOf} onClose={() => setPair(null)} />
          <MatrixView
            key={`${pair.baseId}:${pair.headId}`}
            data={grid}
            run={{ evaluationId, polling }}
            initialOptions={{ baseline: { kind: 'column', columnId: pair.baseId }, filter: { kind: 'differs' } }}
          />
        </>
      ) : !loadingFirst && selectedConfigurationIds.length === 0 ? (
        <EmptyState
          title="No results to display"
          message="Select one or more prompt/models to see their outputs side by side."
        />
      ) : !loadingFirst && layout === 'matrix' ? (
        <MatrixView data={grid} run={{ evaluationId, polling }} history={history} />
      ) : !loadingFirst ? (
        <ResultGrid
          inputId={inputId}
          input={inputId === null ? undefined : inputsById.get(inputId)}
          configurationIds={selectedConfigurationIds}
          configurations={configurationsById}
          cells={cells}
          checkNames={checkNames}
          extras={extras}
          onRerun={control.rerunRequests}
        />
      ) : null}
    </section>
  );
}
