import { formatUsd, type ComparisonOutcome } from '@promptgrid/contract';
import { cn } from '@/lib/cn';

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/** "62% → 71% (+9 points)": a change with its sign, or one side alone when the other has none. */
function change(
  before: number | null,
  after: number | null,
  format: (n: number) => string,
  unit: (d: number) => string,
) {
  if (before === null && after === null) return '—';
  if (before === null || after === null)
    return `${before === null ? '—' : format(before)} → ${after === null ? '—' : format(after)}`;
  const delta = after - before;
  const sign = delta > 0 ? '+' : delta < 0 ? '−' : '±';
  return `${format(before)} → ${format(after)} (${sign}${unit(Math.abs(delta))})`;
}

/** The judging's part of each side's cost, when something was judged at a known price. */
const judgingNote = ({ base_judge_cost_usd: base, head_judge_cost_usd: head }: ComparisonOutcome) =>
  base === null && head === null
    ? undefined
    : `of which judging: ${base === null ? '—' : formatUsd(base)} → ${head === null ? '—' : formatUsd(head)}`;

function Figure({ label, value, note, tone }: { label: string; value: string; note?: string; tone?: 'good' | 'bad' }) {
  return (
    <div
      className={cn(
        'rounded-md border px-3 py-2',
        tone === 'good'
          ? 'border-green-200 bg-green-50 dark:border-green-900 dark:bg-green-950'
          : tone === 'bad'
            ? 'border-red-200 bg-red-50 dark:border-red-900 dark:bg-red-950'
            : 'border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="mt-0.5 text-base font-semibold tabular-nums">{value}</dd>
      {note ? <dd className="text-xs text-slate-600 tabular-nums dark:text-slate-300">{note}</dd> : null}
    </div>
  );
}

/**
 * What a comparison comes to, before its cells: cases the checks now pass (fixed), now fail (broken) or read the same,
 * and how the pass rate and the cost moved from base to head.
 */
export function OutcomeSummary({
  outcome,
  label = 'Comparison summary',
}: {
  outcome: ComparisonOutcome;
  label?: string;
}) {
  return (
    // Three counts, then the two changes, which need more room.
    <dl aria-label={label} className="grid grid-cols-3 gap-2 lg:grid-cols-[1fr_1fr_1fr_2fr_2fr]">
      <Figure label="Fixed" value={String(outcome.fixed)} tone={outcome.fixed > 0 ? 'good' : undefined} />
      <Figure label="Broken" value={String(outcome.broken)} tone={outcome.broken > 0 ? 'bad' : undefined} />
      <Figure label="Unchanged" value={String(outcome.unchanged)} />
      <div className="col-span-3 lg:col-span-1">
        <Figure
          label="Pass rate"
          value={change(outcome.base_pass_rate, outcome.head_pass_rate, percent, (d) => `${Math.round(d * 100)} pts`)}
        />
      </div>
      <div className="col-span-3 lg:col-span-1">
        <Figure
          label="Cost"
          value={change(outcome.base_cost_usd, outcome.head_cost_usd, formatUsd, formatUsd)}
          note={judgingNote(outcome)}
        />
      </div>
    </dl>
  );
}
