import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ApiRequest, Configuration, Input, Result } from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useEvaluation } from '../hooks/use-evaluation';
import { useEvaluationEvents } from '../hooks/use-evaluation-events';
import { useResultsLayout } from '../hooks/use-results-layout';
import { useRunHistory } from '../hooks/use-run-history';
import { useRunSlots } from '../hooks/use-run-slots';
import { downloadCsv, gridCsv } from '../matrix/csv';
import { gridFromResults } from '../matrix/grid-data';
import { MatrixView } from '../matrix/matrix-view';
import { InputPicker } from './input-picker';
import { LayoutToggle } from './layout-toggle';
import { ShareControl } from './share-control';
import { dropResultsCache, readResultsCache, writeResultsCache } from '../lib/cache';
import { downloadRun } from '../lib/export';
import { evaluationMembers, indexCells } from '../lib/results-index';
import { canDownload, countStatuses, deriveRunStatus, isSettled, progressDots, withCancelled } from '../lib/status';
import { runAgreement } from '../lib/repetitions';
import { useRunControl } from '../hooks/use-run-control';
import { RunControls } from './run-controls';
import type { ResultsSelections } from '../lib/types';
import type { RunSlots } from '../lib/run-slots';
import { PromptPicker } from './prompt-picker';
import { ResultGrid } from './result-grid';
import { SummaryBar } from './summary-bar';
import { PollErrorBanner } from './poll-error-banner';
import { paths } from '@/lib/paths';

type Props = RunSlots & {
  /** The signed-in user: the cache is theirs alone. */
  userId: number;
  projectId: string;
  project: { id: number; name: string } | null;
  inputs: Input[] | undefined;
  configurations: Configuration[] | undefined;
  loadError: boolean;
  /**
   * The run to show (from ?evaluation=, else the project's latest, as the server says) and the run screen's message;
   * null when the project has none. The browser's copy only seeds the view of this same run. `mock`: the run was
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
  userId,
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
  const [cache, setCache] = useState(() => readResultsCache(userId, projectId));
  const evaluationId = incoming?.evaluationId ?? null;
  const mock = incoming?.mock ?? false;
  const fromCache = cache && cache.evaluationId === evaluationId ? cache : null;
  const totalRequests = incoming?.totalRequests ?? fromCache?.totalRequests ?? null;
  // The cached run is gone from the server (deleted, or never this user's): forget it and show the empty state.
  const forgetCachedRun = useCallback(() => {
    if (!fromCache) return;
    dropResultsCache(userId, projectId);
    setCache(null);
  }, [fromCache, userId, projectId]);
  const { snapshot, polling, pollError, resume, resuming, resultsError, loadingFirst } = useEvaluation(
    evaluationId,
    totalRequests,
    fromCache,
    forgetCachedRun,
  );
  // Replies stream into the cells while the run goes; the polling above stays the fallback.
  useEvaluationEvents(evaluationId, polling);

  const [selections, setSelections] = useState<ResultsSelections>(
    fromCache?.selections ?? { inputId: null, configurationIds: null, showInput: false },
  );
  const [message, setMessage] = useState(incoming?.message ?? null);

  // The caller passes what the run froze at start, so later edits and deletes change no label.
  const inputsById = useMemo(() => byId(inputs ?? []), [inputs]);
  const configurationsById = useMemo(() => byId(configurations ?? []), [configurations]);

  const requests = snapshot?.apiRequests ?? NO_REQUESTS;
  const results = snapshot?.results ?? NO_RESULTS;
  const cells = useMemo(() => indexCells(requests, results), [requests, results]);
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

  const inputId =
    selections.inputId !== null && members.inputIds.includes(selections.inputId)
      ? selections.inputId
      : (members.inputIds[0] ?? null);
  const selectedConfigurationIds = useMemo(() => {
    if (selections.configurationIds === null) return members.configurationIds;
    const chosen = new Set(selections.configurationIds);
    return members.configurationIds.filter((id) => chosen.has(id));
  }, [members.configurationIds, selections.configurationIds]);
  const selectedSet = useMemo(() => new Set(selectedConfigurationIds), [selectedConfigurationIds]);
  const memberIds = members.configurationIds;
  const togglePrompt = useCallback(
    (id: number, checked: boolean) =>
      setSelections((current) => {
        const chosen = new Set(current.configurationIds ?? memberIds);
        if (checked) chosen.add(id);
        else chosen.delete(id);
        return { ...current, configurationIds: memberIds.filter((other) => chosen.has(other)) };
      }),
    [memberIds],
  );
  const selectAllPrompts = useCallback(
    (select: boolean) => setSelections((current) => ({ ...current, configurationIds: select ? null : [] })),
    [],
  );
  const [layout, setLayout] = useResultsLayout(projectId);
  const history = useRunHistory(projectId, evaluationId, layout === 'matrix');
  const grid = useMemo(
    () =>
      gridFromResults(
        cells,
        { inputIds: members.inputIds, configurationIds: selectedConfigurationIds },
        inputsById,
        configurationsById,
        mock,
      ),
    [cells, members.inputIds, selectedConfigurationIds, inputsById, configurationsById, mock],
  );

  // Keep the last evaluation of this project in browser storage, so a reload shows it again.
  useEffect(() => {
    if (!snapshot || snapshot.apiRequests.length === 0) return;
    writeResultsCache(userId, projectId, {
      ...snapshot,
      version: 1,
      project,
      inputs: members.inputIds.flatMap((id) => (id !== null && inputsById.get(id) ? [inputsById.get(id)!] : [])),
      configs: members.configurationIds.flatMap((id) =>
        configurationsById.get(id) ? [configurationsById.get(id)!] : [],
      ),
      selections,
      savedAt: new Date().toISOString(),
    });
  }, [userId, projectId, snapshot, project, members, selections, inputsById, configurationsById]);

  // What the pieces composed in app/ (leaderboard, checks, blind votes, ratings) need of the run on screen.
  const { run, extras } = useRunSlots(
    { evaluationId, polling, mock, configurationsById, inputsById, requests, results },
    cardExtras,
  );

  if (evaluationId === null) {
    return (
      <div className="space-y-4">
        {toolbar ? <div className="flex justify-end gap-2">{toolbar(null, projectId)}</div> : null}
        <EmptyState
          title="No evaluation yet"
          message="Run an evaluation to compare its outputs side by side here."
          action={
            <Link to={paths.project.to(projectId, 'run')} className={buttonClasses()}>
              Configure and Run Evaluation
            </Link>
          }
        />
      </div>
    );
  }

  return (
    <section aria-labelledby="results-title" className="space-y-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="results-title" className="text-xl font-semibold">
          Results
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm font-medium text-slate-700 dark:text-slate-200">
            {runName ?? `Evaluation #${evaluationId}`}
          </p>
          {headerActions}
          {toolbar?.(run, projectId)}
          <ShareControl evaluationId={evaluationId} />
          <LayoutToggle value={layout} onChange={setLayout} />
        </div>
      </div>

      {message ? (
        <Banner tone={message.includes('Error') ? 'error' : 'info'} className="flex items-start justify-between gap-4">
          <span>{message}</span>
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
        paused={pollError}
        status={status}
        dots={dots}
        canDownload={canDownload(polling, counts.SUCCESS)}
        onDownload={() =>
          snapshot && downloadRun(snapshot, inputsById.values(), configurationsById.values(), project, checkNames, mock)
        }
        onDownloadCsv={() =>
          downloadCsv(
            gridCsv(gridFromResults(cells, members, inputsById, configurationsById, mock)),
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

      {!loadingFirst && selectedConfigurationIds.length === 0 ? (
        <EmptyState
          title="No results to display"
          message="Select one or more prompt/models to see their outputs side by side."
        />
      ) : !loadingFirst && layout === 'matrix' ? (
        <MatrixView data={grid} history={history} />
      ) : !loadingFirst ? (
        <ResultGrid
          inputId={inputId}
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
