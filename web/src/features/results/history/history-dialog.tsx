import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { EvaluationHistoryItem } from '@promptgrid/contract';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { MockOutputsNote } from '@/components/ui/mock-outputs-note';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/lib/paths';
import { useEvaluationHistory } from '../api/get-evaluation-history';
import { judgeCostText, runCostText } from '../lib/cost';
import { shownRunName } from '@/lib/run-name';
import { formatRunTime, isRunning, runOutcome, runSize } from './format';

type Picked = { id: number; createdAt: string };

type HistoryDialogProps = {
  projectId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The run on screen, marked in the list. */
  currentId: number | null;
  onRename: (run: { id: number; name: string }) => void;
};

/** 'Evaluation history': the project's runs, newest first, a page at a time; open one, rename one, or compare two. */
export function HistoryDialog({ projectId, open, onOpenChange, currentId, onRename }: HistoryDialogProps) {
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<Picked[]>([]);
  const history = useEvaluationHistory(projectId, page, open);
  const navigate = useNavigate();
  const data = history.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  const toggle = (run: EvaluationHistoryItem, checked: boolean) =>
    setPicked((current) =>
      checked
        ? // Two at most: a third pick replaces the older pick.
          [...current.filter((p) => p.id !== run.id), { id: run.id, createdAt: run.created_at }].slice(-2)
        : current.filter((p) => p.id !== run.id),
    );
  const compare = () => {
    // The earlier run is the base, so the changes read as what happened since.
    const [base, head] = [...picked].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
    if (!base || !head) return; // the button is disabled until two runs are picked
    onOpenChange(false);
    void navigate(paths.projectCompare.to(projectId, base.id, head.id));
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Evaluation history"
      description="Every run of this project, newest first. Open one, or pick two and compare them."
      className="max-w-2xl"
      footer={
        <div className="flex w-full flex-wrap items-center justify-between gap-3">
          <nav aria-label="History pages" className="flex items-center gap-2">
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <span className="text-sm text-slate-600 dark:text-slate-300">
              Page {page} of {pages}
            </span>
            <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              Next
            </Button>
          </nav>
          <Button onClick={compare} disabled={picked.length !== 2}>
            Compare
          </Button>
        </div>
      }
    >
      {history.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading history" />
        </div>
      ) : history.isError ? (
        <Banner tone="error">Failed to load the evaluation history. Please try again.</Banner>
      ) : data && data.items.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-300">No evaluation yet</p>
      ) : (
        <ol className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Evaluations">
          {data?.items.map((run) => (
            <li key={run.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={paths.projectResults.to(projectId, run.id)}
                    onClick={() => onOpenChange(false)}
                    className="font-medium break-words text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
                  >
                    {shownRunName(run.name, { prompts: run.configuration_count, inputs: run.input_count })}
                  </Link>
                  {run.id === currentId ? <Badge tone="info">Shown</Badge> : null}
                  <Badge tone={run.use_mock ? 'neutral' : 'success'}>{run.use_mock ? 'Mock' : 'Real'}</Badge>
                  {isRunning(run) ? <Badge tone="warning">Running</Badge> : null}
                  {!isRunning(run) && run.cancelled_at !== null ? <Badge tone="neutral">Cancelled</Badge> : null}
                </div>
                <p className="text-xs text-slate-600 dark:text-slate-300">
                  <time dateTime={run.created_at}>{formatRunTime(run.created_at)}</time> · {runSize(run)}
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-300">
                  {runOutcome(run)} · Cost {runCostText(run)}
                  {judgeCostText(run) ? ` (judging ${judgeCostText(run)})` : ''}
                </p>
                {run.use_mock ? <MockOutputsNote className="px-2 py-1 text-xs" /> : null}
              </div>
              <div className="flex shrink-0 items-center gap-3">
                <Checkbox
                  checked={picked.some((p) => p.id === run.id)}
                  onCheckedChange={(checked) => toggle(run, checked)}
                >
                  Compare<span className="sr-only"> {run.name}</span>
                </Checkbox>
                <Button variant="ghost" size="sm" onClick={() => onRename({ id: run.id, name: run.name })}>
                  Rename<span className="sr-only"> {run.name}</span>
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <p className="sr-only" aria-live="polite">
        {picked.length === 2 ? 'Two evaluations picked: Compare is ready.' : ''}
      </p>
    </Dialog>
  );
}
