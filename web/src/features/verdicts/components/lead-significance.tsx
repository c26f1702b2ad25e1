import type { PassRateComparison } from '@promptgrid/contract';
import { cn } from '@/lib/cn';
import type { EvidenceRefresh } from '../api/get-evidence';
import { useSignificance } from '../api/get-significance';

type Props = {
  evaluationId: number;
  /** The configuration on top of the leaderboard, and the one under it. */
  leaderId: number;
  runnerUpId: number;
  nameOf: (configurationId: number) => string;
  refresh: EvidenceRefresh;
};

const points = (share: number) => `${share > 0 ? '+' : share < 0 ? '−' : ''}${Math.abs(Math.round(share * 100))}`;
const pValue = (p: number) => (p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`);

export const BETTER_EXPLAINED =
  'Better: the 95% interval of the pass-rate difference (from 2,000 resamples of the inputs) lies above 0, and the ' +
  'exact McNemar test on the cases only one of them passed gives p below 0.05.';
export const NO_CLEAR_DIFFERENCE_EXPLAINED =
  'No clear difference: the interval still includes 0, so chance could explain the gap. The number of more cases is ' +
  'how many inputs like these would likely show this gap clearly (80% power).';

function Verdict({ result, leader }: { result: Extract<PassRateComparison, { available: true }>; leader: string }) {
  // b is the leader: b_better reads "the leader is better"; a_better cannot happen on top unless sorted otherwise.
  const clear = result.verdict !== 'no_clear_difference';
  const words = clear
    ? result.verdict === 'b_better'
      ? 'better'
      : 'worse'
    : result.more_cases_needed === null
      ? 'no clear difference'
      : `no clear difference (need about ${result.more_cases_needed.toLocaleString('en-US')} more cases)`;
  const detail = (
    <span className="text-slate-600 dark:text-slate-300">
      {' '}
      — pass rate {points(result.difference)} points (95% interval {points(result.interval.low)} to{' '}
      {points(result.interval.high)}, {pValue(result.p_value)}, {result.paired_inputs} inputs)
    </span>
  );
  const word = (
    <span
      title={clear ? BETTER_EXPLAINED : NO_CLEAR_DIFFERENCE_EXPLAINED}
      className={cn(
        'cursor-help font-semibold underline decoration-dotted',
        clear ? 'text-green-700 dark:text-green-300' : 'text-slate-700 dark:text-slate-200',
      )}
    >
      {words}
    </span>
  );
  return (
    <p className="text-sm">
      {clear ? (
        <>
          <span className="font-medium">{leader}</span> is {word}
        </>
      ) : (
        word
      )}
      {detail}
    </p>
  );
}

/**
 * Is the leader really ahead of the runner-up? The paired comparison of their pass rates, in words: "better" only
 * where the interval excludes 0, otherwise how many more cases would tell.
 */
export function LeadSignificance({ evaluationId, leaderId, runnerUpId, nameOf, refresh }: Props) {
  const significance = useSignificance(evaluationId, runnerUpId, leaderId, refresh);
  if (significance.isPending) return null;
  if (significance.isError)
    return <p className="text-xs text-slate-500 dark:text-slate-400">Could not tell whether the difference is real.</p>;
  const passRate = significance.data.pass_rate;
  return (
    <div aria-label="Is the difference real?" role="group" className="mt-3 space-y-0.5">
      <p className="text-xs font-medium text-slate-500 dark:text-slate-400">
        {nameOf(leaderId)} against {nameOf(runnerUpId)}
      </p>
      {passRate.available ? (
        <Verdict result={passRate} leader={nameOf(leaderId)} />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">{passRate.reason}</p>
      )}
    </div>
  );
}
