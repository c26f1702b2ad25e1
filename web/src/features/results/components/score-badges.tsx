import { JUDGING_CANCELLED, type Score } from '@promptgrid/contract';
import { CheckIcon, XIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';

type Props = { scores: Score[]; checkNames: ReadonlyMap<number, string> };

const tone = (score: Score) =>
  score.pass === true
    ? 'border-green-300 bg-green-50 text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200'
    : score.pass === false
      ? 'border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200'
      : 'border-amber-300 bg-amber-50 text-amber-800 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200';

const verdictOf = (score: Score) => (score.pass === true ? 'pass' : score.pass === false ? 'fail' : 'error');

/** The checks' verdicts on one output: a small badge each, its reason shown on hover or keyboard focus. */
export function ScoreBadges({ scores, checkNames }: Props) {
  if (scores.length === 0) return null;
  return (
    <ul aria-label="Checks" className="mt-2 flex flex-wrap gap-1">
      {scores.map((score) => {
        const name = checkNames.get(score.check_id) ?? `Check #${score.check_id}`;
        const reason = score.error ?? score.reason;
        const tooltipId = `score-${score.check_id}-${name}`.replace(/\W+/g, '-');
        return (
          <li key={score.check_id} className="group relative">
            <span
              // Focusable so a keyboard user reaches the reason the pointer sees on hover.
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
              tabIndex={0}
              aria-describedby={tooltipId}
              className={cn(
                'inline-flex max-w-full items-center gap-1 rounded border px-1.5 py-0.5 text-[11px] font-medium',
                'focus-visible:outline-2 focus-visible:outline-blue-600',
                tone(score),
              )}
            >
              {score.pass === true ? (
                <CheckIcon width={12} height={12} className="shrink-0" />
              ) : score.pass === false ? (
                <XIcon width={12} height={12} className="shrink-0" />
              ) : (
                <span aria-hidden>!</span>
              )}
              <span className="break-words">{name}</span>
              {/* A cancel's, not the judge's: said on the badge, not only on hover. */}
              {score.error === JUDGING_CANCELLED ? <span>· {JUDGING_CANCELLED}</span> : null}
              <span className="sr-only">: {verdictOf(score)}</span>
            </span>
            <span
              id={tooltipId}
              role="tooltip"
              className={cn(
                'invisible absolute top-full left-0 z-10 mt-1 w-max max-w-xs rounded bg-slate-900 px-2 py-1',
                'text-xs text-white shadow group-focus-within:visible group-hover:visible',
              )}
            >
              {reason}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
