import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { MockOutputsNote } from '@/components/ui/mock-outputs-note';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { getSharedEvaluation } from '../api/share-evaluation';
import { shownRunName } from '@/lib/run-name';
import { downloadCsv, gridCsv } from '../matrix/csv';
import { gridFromShared } from '../matrix/grid-data';
import { MatrixView } from '../matrix/matrix-view';

/** The read-only grid a share link opens, for anyone: the matrix and a CSV download, nothing to change. */
export function SharedResultsView({ token }: { token: string }) {
  const shared = useQuery({
    queryKey: ['shared-evaluation', token],
    queryFn: () => getSharedEvaluation(token),
    retry: false,
    staleTime: Infinity,
  });
  const grid = useMemo(() => (shared.data ? gridFromShared(shared.data) : null), [shared.data]);

  if (shared.isPending)
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading shared results" />
      </div>
    );
  if (shared.isError || !grid)
    return shared.error instanceof ApiError && shared.error.status === 404 ? (
      <EmptyState title="Link not found" message="This link does not exist or was revoked." />
    ) : (
      <EmptyState title="Failed to load results" message="Failed to load results. Please try again." />
    );

  const { evaluation, status_counts: counts } = shared.data;
  return (
    <section aria-labelledby="shared-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
            Shared results · read-only
          </p>
          <h1 id="shared-title" className="text-xl font-semibold">
            {shownRunName(evaluation.name, {
              prompts: shared.data.configurations.length,
              inputs: shared.data.inputs.length,
            })}
          </h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {shared.data.metrics.cancelled ? 'Cancelled · ' : ''}
            {counts.SUCCESS + counts.FAILED} of {evaluation.total_requests} requests finished · {counts.FAILED} failed ·{' '}
            {new Date(evaluation.created_at).toLocaleString()}
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => downloadCsv(gridCsv(grid), `promptgrid-shared-evaluation.csv`)}
        >
          Download CSV
        </Button>
      </div>
      {evaluation.use_mock ? <MockOutputsNote /> : null}
      <MatrixView data={grid} />
    </section>
  );
}
