import { CheckIcon, XIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import type { GridCell } from './grid-data';
import { cellVerdict } from './view-model';

const TONES = {
  pass: 'border-green-300 bg-green-50 text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200',
  fail: 'border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200',
  error: 'border-amber-300 bg-amber-50 text-amber-800 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200',
} as const;
const LABELS = { pass: 'Pass', fail: 'Fail', error: 'Error' } as const;

/**
 * A cell's verdict in one badge: Pass when every check passed, else Fail (or Error when a check could not decide).
 * Hover or focus lists each check with its reason, the failing ones first. The list is plain CSS shown by the
 * badge's hover and focus, not a tooltip component: a grid scroll adds some sixteen cells a frame, and a tooltip
 * component per cell cost a second commit and hundreds of components rendered in each of those frames. The grid
 * puts the list in the page only for the cell under the pointer or the active one (`withReasons`).
 */
export function VerdictBadge({
  cell,
  tabbable,
  id,
  withReasons,
}: {
  cell: GridCell;
  tabbable: boolean;
  id: string;
  /** The list of checks and reasons is in the page; without it the badge's label still names the failing checks. */
  withReasons: boolean;
}) {
  const verdict = cellVerdict(cell);
  if (verdict === null) return null;
  const verdicts = [...cell.verdicts!].sort((a, b) => Number(a.pass === true) - Number(b.pass === true));
  const failing = verdicts.filter((v) => v.pass !== true).map((v) => v.name);
  return (
    <span className="group/verdict relative">
      <button
        type="button"
        tabIndex={tabbable ? 0 : -1}
        aria-label={failing.length > 0 ? `${LABELS[verdict]}: ${failing.join(', ')}` : `${LABELS[verdict]}: all checks`}
        aria-describedby={withReasons ? id : undefined}
        className={cn(
          'inline-flex shrink-0 items-center gap-0.5 rounded border px-1.5 py-px text-[11px] font-semibold',
          'focus-visible:outline-2 focus-visible:outline-blue-600',
          TONES[verdict],
        )}
      >
        {verdict === 'pass' ? <CheckIcon width={12} height={12} /> : <XIcon width={12} height={12} />}
        {LABELS[verdict]}
      </button>
      {withReasons ? (
        <span
          id={id}
          role="tooltip"
          className={cn(
            // Not laid out until shown: a scroll lays out each cell it adds.
            'absolute top-full left-0 z-30 mt-1 hidden w-max max-w-72 rounded bg-slate-900 px-2.5 py-1.5 text-xs',
            'font-normal text-white shadow-lg group-focus-within/verdict:block group-hover/verdict:block',
          )}
        >
          {verdicts.map((v) => (
            <span key={v.checkId} className="block">
              <span className="font-semibold">
                {v.pass === true ? 'Passed' : v.pass === false ? 'Failed' : 'Could not decide'}: {v.name}
              </span>
              {v.reason ? <span className="block break-words whitespace-normal text-slate-300">{v.reason}</span> : null}
            </span>
          ))}
        </span>
      ) : null}
    </span>
  );
}
