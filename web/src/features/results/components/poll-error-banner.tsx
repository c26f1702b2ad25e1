import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';

type Props = {
  /** Every request had ended by the last update: nothing below can still change. */
  settled: boolean;
  resume: () => void;
  resuming: boolean;
};

/** Polling stopped on an error: what the screen shows may be stale, and a button starts the updates again. */
export function PollErrorBanner({ settled, resume, resuming }: Props) {
  return (
    <Banner tone="error">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div>
          <p className="font-medium">Error while polling for updates</p>
          {!settled ? (
            <p className="mt-0.5 text-xs opacity-80">
              The evaluation may still be running; the outputs below are as of the last update.
            </p>
          ) : null}
        </div>
        <Button variant="secondary" size="sm" onClick={resume} disabled={resuming}>
          {resuming ? 'Resuming...' : 'Resume updates'}
        </Button>
      </div>
    </Banner>
  );
}
