import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/lib/paths';
import type { ResultsLayout } from '../hooks/use-results-layout';
import type { RunSlots } from '../lib/run-slots';
import { LayoutToggle } from './layout-toggle';
import { ShareControl } from './share-control';

/** The Results screen's title row: the run's name, the controls composed beside it, sharing and the layout. */
export function ResultsHeader({
  title,
  evaluationId,
  actions,
  layout,
  onLayoutChange,
}: {
  title: string;
  evaluationId: number;
  actions: ReactNode;
  layout: ResultsLayout;
  onLayoutChange: (layout: ResultsLayout) => void;
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h2 id="results-title" className="text-xl font-semibold">
        Results
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm font-medium text-slate-700 dark:text-slate-200">{title}</p>
        {actions}
        <ShareControl evaluationId={evaluationId} />
        <LayoutToggle value={layout} onChange={onLayoutChange} />
      </div>
    </div>
  );
}

/** A project without a run: the composed toolbar, and an invitation to run one. */
export function NoEvaluation({ projectId, toolbar }: { projectId: string; toolbar: RunSlots['toolbar'] }) {
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
