import { Button } from '@/components/ui/button';
import { LabelledSwitch } from '@/components/ui/labelled-switch';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';

type Props = {
  /** null while the stored API keys are being checked (they decide the default). */
  mockMode: boolean | null;
  onMockModeChange: (mock: boolean) => void;
  calls: number;
  busy: boolean;
  disabled: boolean;
  onRun: () => void;
};

/** The run screen's bar: mock mode, the number of calls, and Run Evaluation. */
export function RunBar({ mockMode, onMockModeChange, calls, busy, disabled, onRun }: Props) {
  return (
    <div
      className={cn(
        'flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:flex-row',
        'sm:items-center sm:justify-between dark:border-slate-800 dark:bg-slate-900',
      )}
    >
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
      <div className="flex items-center gap-4">
        <span className="text-sm text-slate-600 dark:text-slate-400">
          {calls} {calls === 1 ? 'call' : 'calls'}
        </span>
        <Button size="lg" onClick={onRun} disabled={busy || disabled || mockMode === null}>
          {busy ? 'Running...' : 'Run Evaluation'}
        </Button>
      </div>
    </div>
  );
}
