import { useEffect, useMemo, type ComponentProps } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EvaluationRecord } from '@promptgrid/contract';
import { Link } from 'react-router';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useLatestEvaluation } from '../api/get-evaluation-history';
import { useEvaluationRecord } from '../api/get-evaluation-record';
import { RunActions } from '../history/run-actions';
import { usePrefetchRun, type AfterRun } from '../hooks/use-evaluation';
import { shownRunName } from '@/lib/run-name';
import { nameOfRun } from '../history/format';
import { readLayout } from '../hooks/use-results-layout';
import { frozenConfigurations, frozenInputs } from '../lib/frozen';
import { EvaluationNotFound } from './evaluation-not-found';
import { ResultsView } from './results-view';

type ViewProps = ComponentProps<typeof ResultsView>;

/** A run's own queries except its record, which the screen is reading (removing it would ask again). */
const isRunPart = (queryKey: readonly unknown[], evaluationId: number | null) =>
  queryKey[0] === 'evaluations' && queryKey[1] === evaluationId && queryKey[2] !== 'record';

type Props = Pick<ViewProps, 'projectId' | 'project' | 'checkNames' | 'aboveCards' | 'toolbar' | 'cardExtras'> & {
  /** Reads what `aboveCards` shows of a run, started once the run's documents are in (see usePrefetchRun). */
  readWithRun?: AfterRun['read'];
  /** ?evaluation= when the address names a run; null opens the project's latest. */
  evaluationParam: number | null;
  /** The run screen's message for the run it just started. */
  message: string | null;
};

const Loading = ({ label }: { label: string }) => (
  <div className="flex justify-center py-12">
    <Spinner label={label} />
  </div>
);

function Failed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <Banner tone="error" className="flex flex-wrap items-center justify-between gap-3">
      <span>{text}</span>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Banner>
  );
}

/**
 * The Results screen as the server records it: the run the address names, else the project's latest; its cards,
 * labels and export from the configurations and inputs it froze at start. The copy in browser storage (the query
 * persister's) only speeds up a reload of that same run.
 */
export function ResultsScreen({ evaluationParam, message, readWithRun, ...viewProps }: Props) {
  const { projectId } = viewProps;
  const queryClient = useQueryClient();
  // Asked also when the address names a run, to say when a newer one exists.
  const latest = useLatestEvaluation(projectId, true);
  const evaluationId = evaluationParam ?? latest.data?.items[0]?.id ?? null;
  const record = useEvaluationRecord(evaluationId);
  const run = record.data;
  usePrefetchRun(run && String(run.evaluation.project) === projectId ? evaluationId : null, {
    similarity:
      readLayout(projectId, run?.inputs.length ?? 0) === 'matrix' &&
      !!run?.inputs.some((input) => input.expected_output !== null),
    read: readWithRun,
  });
  const noRuns = evaluationParam === null && latest.data?.items.length === 0;
  const gone = record.error instanceof ApiError && record.error.status === 404;
  // What the browser kept of a run the server no longer has (or of any run of a project that has none left) is
  // dropped, from storage too, not shown.
  useEffect(() => {
    if (gone) queryClient.removeQueries({ predicate: ({ queryKey }) => isRunPart(queryKey, evaluationId) });
    if (!noRuns) return;
    const projectRuns = queryClient
      .getQueriesData<EvaluationRecord>({ predicate: ({ queryKey }) => queryKey[2] === 'record' })
      .filter(([, kept]) => kept !== undefined && String(kept.evaluation.project) === projectId)
      .map(([queryKey]) => queryKey[1]);
    queryClient.removeQueries({
      predicate: ({ queryKey }) => projectRuns.includes(queryKey[1] as number) && queryKey[0] === 'evaluations',
    });
  }, [gone, noRuns, evaluationId, projectId, queryClient]);
  const frozen = useMemo(
    () => (run ? { inputs: frozenInputs(run), configurations: frozenConfigurations(run) } : null),
    [run],
  );

  if (evaluationParam === null && latest.isPending) return <Loading label="Loading results" />;
  if (evaluationParam === null && latest.isError)
    return <Failed text="Failed to load results. Please try again." onRetry={() => void latest.refetch()} />;
  if (evaluationId === null)
    return <ResultsView {...viewProps} inputs={[]} configurations={[]} loadError={false} incoming={null} />;
  const missing = gone || (run !== undefined && String(run.evaluation.project) !== projectId);
  if (missing) return <EvaluationNotFound projectId={projectId} />;
  if (record.isError)
    return <Failed text="Failed to load configuration data. Please try again." onRetry={() => void record.refetch()} />;
  if (!run || !frozen) return <Loading label="Loading results" />;

  const newest = latest.data?.items[0];
  return (
    <>
      {evaluationParam !== null && newest && newest.id !== evaluationId ? (
        <Banner tone="info" className="mb-4">
          This is an earlier run. The latest is{' '}
          <Link to={paths.projectResults.to(projectId)} className="font-medium underline">
            {shownRunName(newest.name, { prompts: newest.configuration_count, inputs: newest.input_count })}
          </Link>
          .
        </Banner>
      ) : null}
      <ResultsView
        {...viewProps}
        // Another run starts a fresh view (selections, end time, polling).
        key={evaluationId}
        inputs={frozen.inputs}
        configurations={frozen.configurations}
        loadError={false}
        incoming={{
          evaluationId,
          totalRequests: run.evaluation.total_requests,
          message,
          mock: run.evaluation.use_mock,
        }}
        runName={nameOfRun(run.evaluation)}
        headerActions={<RunActions projectId={projectId} run={{ id: run.evaluation.id, name: run.evaluation.name }} />}
      />
    </>
  );
}
