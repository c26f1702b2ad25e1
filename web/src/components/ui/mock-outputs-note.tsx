import { MOCK_OUTPUTS_NOTE } from '@promptgrid/contract';
import { cn } from '@/lib/cn';

/** The line a mock run's summaries, leaderboard and charts carry, so nobody reads its scores as a verdict. */
export function MockOutputsNote({ className }: { className?: string }) {
  return (
    <p
      role="note"
      className={cn(
        'rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900',
        'dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200',
        className,
      )}
    >
      {MOCK_OUTPUTS_NOTE}
    </p>
  );
}
