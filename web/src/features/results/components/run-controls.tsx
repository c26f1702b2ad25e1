import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import type { RunControl } from '../hooks/use-run-control';
import type { RunStatus } from '../lib/status';

type Props = {
  control: RunControl;
  status: RunStatus;
  /** Requests that ended FAILED: 'Re-run failed' shows when there are some and the run has ended. */
  failed: number;
};

/** Cancel while the run goes; once it has ended, re-run its failed requests. With the error of either, if any. */
export function RunControls({ control, status, failed }: Props) {
  const running = status === 'Running';
  if (!running && failed === 0 && !control.error) return null;
  return (
    <div className="flex flex-wrap items-center justify-end gap-3">
      {control.error ? (
        <Banner tone="error" className="flex flex-1 items-start justify-between gap-4">
          <span>{control.error}</span>
          <button type="button" onClick={control.clearError} className="text-xs font-medium underline">
            Dismiss
          </button>
        </Banner>
      ) : null}
      {running ? (
        <Button variant="danger" size="sm" onClick={control.cancel} disabled={control.cancelling}>
          {control.cancelling ? 'Cancelling...' : 'Cancel run'}
        </Button>
      ) : failed > 0 ? (
        <Button variant="secondary" size="sm" onClick={control.rerunFailed} disabled={control.rerunning}>
          {control.rerunning ? 'Re-running...' : 'Re-run failed'}
        </Button>
      ) : null}
    </div>
  );
}
