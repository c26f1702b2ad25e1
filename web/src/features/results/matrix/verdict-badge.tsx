import { Tooltip } from 'radix-ui';
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
 * Hover or focus lists each check with its reason, the failing ones first.
 */
export function VerdictBadge({ cell, tabbable }: { cell: GridCell; tabbable: boolean }) {
  const verdict = cellVerdict(cell);
  if (verdict === null) return null;
  const verdicts = [...cell.verdicts!].sort((a, b) => Number(a.pass === true) - Number(b.pass === true));
  const failing = verdicts.filter((v) => v.pass !== true).map((v) => v.name);
  return (
    <Tooltip.Root delayDuration={150}>
      <Tooltip.Trigger asChild>
        <button
          type="button"
          tabIndex={tabbable ? 0 : -1}
          aria-label={
            failing.length > 0 ? `${LABELS[verdict]}: ${failing.join(', ')}` : `${LABELS[verdict]}: all checks`
          }
          className={cn(
            'inline-flex shrink-0 items-center gap-0.5 rounded border px-1.5 py-px text-[11px] font-semibold',
            'focus-visible:outline-2 focus-visible:outline-blue-600',
            TONES[verdict],
          )}
        >
          {verdict === 'pass' ? <CheckIcon width={12} height={12} /> : <XIcon width={12} height={12} />}
          {LABELS[verdict]}
        </button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="bottom"
          align="start"
          sideOffset={4}
          collisionPadding={8}
          className="z-50 max-w-xs rounded bg-slate-900 px-2.5 py-1.5 text-xs text-white shadow-lg"
        >
          <ul className="space-y-1">
            {verdicts.map((v) => (
              <li key={v.checkId}>
                <span className="font-semibold">
                  {v.pass === true ? 'Passed' : v.pass === false ? 'Failed' : 'Could not decide'}: {v.name}
                </span>
                {v.reason ? <span className="block break-words text-slate-300">{v.reason}</span> : null}
              </li>
            ))}
          </ul>
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
