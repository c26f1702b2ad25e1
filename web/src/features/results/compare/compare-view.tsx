import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { aiModelLabel, type Evaluation } from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { Button, buttonClasses } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { EmptyState } from '@/components/ui/empty-state';
import { MockOutputsNote } from '@/components/ui/mock-outputs-note';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessageFrom } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useComparison } from '../api/get-comparison';
import { EvaluationNotFound } from '../components/evaluation-not-found';
import { formatRunTime, nameOfRun } from '../history/format';
import { ComparePairCard, type CompareMode } from './compare-pair';
import { OutcomeSummary } from './outcome-summary';
import { TextToggle } from '@/components/ui/text-toggle';

const PAGE = 50;

function RunLabel({ side, run, projectId }: { side: 'Base' | 'Head'; run: Evaluation; projectId: string }) {
  return (
    <div className="min-w-0 rounded-md border border-slate-200 bg-white px-3 py-2 dark:border-slate-800 dark:bg-slate-900">
      <p className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{side}</p>
      <Link
        to={paths.projectResults.to(projectId, run.id)}
        className="font-medium break-words text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
      >
        {nameOfRun(run)}
      </Link>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        <time dateTime={run.created_at}>{formatRunTime(run.created_at)}</time>
        {run.use_mock ? ' · Mock' : ' · Real'}
      </p>
    </div>
  );
}

const MODES = [
  { value: 'diff', label: 'Diff' },
  { value: 'side-by-side', label: 'Side by side' },
] as const;

/** Two runs of a project cell by cell: changed cells first, each with its changes and a word-level diff. */
export function CompareView({ projectId, base, head }: { projectId: string; base: number; head: number }) {
  const comparison = useComparison(base, head);
  const [changedOnly, setChangedOnly] = useState(false);
  const [mode, setMode] = useState<CompareMode>('diff');
  const [shown, setShown] = useState(PAGE);
  const data = comparison.data;
  const names = useMemo(() => {
    const inputs = new Map((data?.inputs ?? []).map((i) => [i.id, i.name]));
    const configurations = new Map((data?.configurations ?? []).map((c) => [c.id, c]));
    return { inputs, configurations };
  }, [data]);
  const pairs = useMemo(
    () => (data ? (changedOnly ? data.pairs.filter((p) => p.changed) : data.pairs) : []),
    [data, changedOnly],
  );

  if (comparison.isPending)
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading comparison" />
      </div>
    );
  const error = comparison.error;
  if ((error instanceof ApiError && error.status === 404) || (data && String(data.base.project) !== projectId))
    return <EvaluationNotFound projectId={projectId} />;
  if (error || !data)
    return (
      <Banner tone="error" className="flex flex-wrap items-center justify-between gap-3">
        <span>
          {error instanceof ApiError && error.status === 400
            ? errorMessageFrom(error.body)
            : 'Failed to load the comparison. Please try again.'}
        </span>
        <Link to={paths.projectResults.to(projectId)} className={buttonClasses('secondary', 'sm')}>
          Back to Results
        </Link>
      </Banner>
    );

  const { summary } = data;
  return (
    <section aria-labelledby="compare-title" className="space-y-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="compare-title" className="text-xl font-semibold">
          Compare evaluations
        </h2>
        <Link to={paths.projectCompare.to(projectId, head, base)} className={buttonClasses('secondary', 'sm')}>
          Swap base and head
        </Link>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <RunLabel side="Base" run={data.base} projectId={projectId} />
        <RunLabel side="Head" run={data.head} projectId={projectId} />
      </div>
      {data.base.use_mock || data.head.use_mock ? <MockOutputsNote /> : null}
      <OutcomeSummary outcome={summary.outcome} />
      <p className="text-sm text-slate-700 dark:text-slate-200" aria-label="Summary">
        {summary.pairs} cells · {summary.changed} changed · {summary.status_changed} with another status ·{' '}
        {summary.output_changed} with another output
        {summary.only_base > 0 ? ` · ${summary.only_base} only in base` : ''}
        {summary.only_head > 0 ? ` · ${summary.only_head} only in head` : ''}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Checkbox checked={changedOnly} onCheckedChange={setChangedOnly}>
          Changed cells only
        </Checkbox>
        <TextToggle label="Outputs" options={MODES} value={mode} onChange={setMode} />
      </div>
      {pairs.length === 0 ? (
        <EmptyState title="No changes" message="Every cell has the same status and output in both runs." />
      ) : (
        <ol className="space-y-3" aria-label="Cells">
          {pairs.slice(0, shown).map((pair) => {
            const configuration = names.configurations.get(pair.configuration);
            return (
              <li key={`${pair.input ?? 'none'}:${pair.configuration}`}>
                <ComparePairCard
                  pair={pair}
                  inputName={
                    pair.input === null ? 'No user prompt' : (names.inputs.get(pair.input) ?? `Input #${pair.input}`)
                  }
                  configurationName={configuration?.name ?? `Prompt #${pair.configuration}`}
                  baseName={configuration?.base_name ?? null}
                  model={configuration ? aiModelLabel(configuration.ai_model) : ''}
                  mode={mode}
                />
              </li>
            );
          })}
        </ol>
      )}
      {pairs.length > shown ? (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => setShown((n) => n + PAGE)}>
            Show more ({pairs.length - shown} left)
          </Button>
        </div>
      ) : null}
    </section>
  );
}
