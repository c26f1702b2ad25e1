import { cn } from '@/lib/cn';

/** The Active (green) / Archived (yellow) switch of inputs and configurations: archived ones are left out of runs. */
export function ActiveToggle({
  active,
  onToggle,
  disabled,
  name,
}: {
  active: boolean;
  onToggle: () => void;
  disabled?: boolean;
  name: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={active}
      aria-label={`${name}: ${active ? 'Active' : 'Archived'}`}
      disabled={disabled}
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
      className={cn(
        'inline-flex h-7 items-center rounded-full px-3 text-xs font-semibold transition-colors disabled:opacity-60',
        active
          ? 'bg-green-100 text-green-800 hover:bg-green-200 dark:bg-green-900 dark:text-green-100'
          : 'bg-yellow-100 text-yellow-800 hover:bg-yellow-200 dark:bg-yellow-900 dark:text-yellow-100',
      )}
    >
      {active ? 'Active' : 'Archived'}
    </button>
  );
}
