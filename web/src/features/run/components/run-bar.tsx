import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { LabelledSwitch } from '@/components/ui/labelled-switch';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';

type Props = {
  /** The estimate of the run as chosen, kept in view with the number of calls. */
  estimate: ReactNode;
  /** Why the run cannot start as chosen (e.g. a missing variable), shown beside the disabled Run button. */
  blockedReason: string | null;
  /** null while the stored API keys are being checked (they decide the default). */
  mockMode: boolean | null;
  onMockModeChange: (mock: boolean) => void;
  calls: number;
  busy: boolean;
  disabled: boolean;
  onRun: () => void;
};

/**
 * The run screen's bar: mock mode, the number of calls, the estimate and Run Evaluation. It sticks to the bottom of
 * the window, so what a choice costs stays in view while the lists above are scrolled.
 */
export function RunBar({ estimate, blockedReason, mockMode, onMockModeChange, calls, busy, disabled, onRun }: Props) {
  const reasonId = useId();
  return (
    <div
      role="region"
      aria-label="Run"
      className={cn(
        'sticky bottom-0 z-20 flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-md',
        'sm:flex-row sm:items-center sm:justify-between dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      {/* The switch keeps its width: a long reason beside it wraps itself, not the switch's label. */}
      <div className="sm:shrink-0">
        {mockMode === null ? (
          <Spinner label="Checking your API keys" />
        ) : (
          <LabelledSwitch
            label="Mock mode (no API calls)"
            checked={mockMode}
            onCheckedChange={onMockModeChange}
            hint={mockMode ? 'Outputs are simulated and free.' : 'Calls the providers with your stored API keys.'}
          />
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-3 sm:flex-row sm:items-center sm:gap-4">
        <div className="min-w-0 text-sm sm:text-right" aria-live="polite">
          <span className="block font-medium text-slate-700 dark:text-slate-200">
            {calls} {calls === 1 ? 'call' : 'calls'}
          </span>
          <span className="block text-slate-600 dark:text-slate-400">{estimate}</span>
          {blockedReason ? (
            <span id={reasonId} className="mt-1 block text-red-700 dark:text-red-400">
              {`Run is unavailable: ${blockedReason}`}
            </span>
          ) : null}
        </div>
        <Button
          size="lg"
          onClick={onRun}
          disabled={busy || disabled || mockMode === null || blockedReason !== null}
          aria-describedby={blockedReason ? reasonId : undefined}
        >
          {busy ? 'Running...' : 'Run Evaluation'}
        </Button>
      </div>
    </div>
  );
}
