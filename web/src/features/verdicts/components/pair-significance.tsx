import { passRateRules, SIGNIFICANCE_LEVEL, type PassRateComparison } from '@promptgrid/contract';
import { Button } from '@/components/ui/button';
import { Field, inputClasses } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import type { EvidenceRefresh } from '../api/get-evidence';
import { useSignificance } from '../api/get-significance';

/** Two configurations of the run: the first is measured against the second (first − second). */
export type ConfigurationPair = { first: number; second: number };

type Props = {
  evaluationId: number;
  /** The run's configurations, in the leaderboard's order. */
  configurationIds: number[];
  pair: ConfigurationPair;
  onPairChange: (pair: ConfigurationPair) => void;
  nameOf: (configurationId: number) => string;
  refresh: EvidenceRefresh;
  /** Opens the pair side by side with their differences, the first as the base. */
  onCompare?: (baseId: number, headId: number) => void;
};

type Available = Extract<PassRateComparison, { available: true }>;

const points = (share: number) => `${share > 0 ? '+' : share < 0 ? '−' : ''}${Math.abs(Math.round(share * 100))}`;
const pValue = (p: number) => (p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`);
const count = (n: number, unit: string) => `${n.toLocaleString('en-US')} ${unit}${n === 1 ? '' : 's'}`;

/**
 * Why the line says what it says, from the same two rules the server decided by: "better" or "worse" needs the 95%
 * interval to exclude 0 and the p-value to be below the level; otherwise it names the rule (or both) that failed.
 */
function explain(result: Available): string {
  const { intervalExcludesZero, pValueBelowLevel } = passRateRules(result);
  const bounds = `${points(result.interval.low)} to ${points(result.interval.high)} points`;
  const interval = `the 95% interval of the difference (${bounds}, from 2,000 resamples of the inputs)`;
  const test = `the exact McNemar test on the ${count(result.only_a_passed + result.only_b_passed, 'verdict')} only one of them passed`;
  const level = SIGNIFICANCE_LEVEL.toFixed(2);
  if (intervalExcludesZero && pValueBelowLevel)
    return `A clear difference: ${interval} excludes 0, and ${test} gives ${pValue(result.p_value)}, below ${level}.`;
  const failed = [
    intervalExcludesZero ? null : `${interval} includes 0`,
    pValueBelowLevel ? null : `${test} gives ${pValue(result.p_value)}, not below ${level}`,
  ].filter((part) => part !== null);
  const more =
    result.more_cases_needed === null
      ? ''
      : ` About ${count(result.more_cases_needed, 'more input')} like these would likely show this gap clearly (80% power).`;
  const rules = `a clear one needs the interval to exclude 0 and p below ${level}`;
  return `No clear difference: ${rules}, but ${failed.join(' and ')}, so chance could explain the gap.${more}`;
}

function Verdict({ result, first }: { result: Available; first: string }) {
  // b is the first of the pair: b_better reads "the first is better".
  const clear = result.verdict !== 'no_clear_difference';
  const words = clear
    ? result.verdict === 'b_better'
      ? 'better'
      : 'worse'
    : result.more_cases_needed === null
      ? 'no clear difference'
      : `no clear difference (need about ${count(result.more_cases_needed, 'more input')})`;
  const word = (
    <span
      className={cn(
        'font-semibold',
        clear ? 'text-green-700 dark:text-green-300' : 'text-slate-700 dark:text-slate-200',
      )}
    >
      {words}
    </span>
  );
  return (
    <>
      <p className="text-sm">
        {clear ? (
          <>
            <span className="font-medium">{first}</span> is {word}
          </>
        ) : (
          word
        )}
        <span className="text-slate-600 dark:text-slate-300">
          {' '}
          — pass rate {points(result.difference)} points (95% interval {points(result.interval.low)} to{' '}
          {points(result.interval.high)}, {pValue(result.p_value)}, {count(result.paired_inputs, 'input')},{' '}
          {count(result.paired_verdicts, 'paired verdict')})
        </span>
      </p>
      <p className="text-xs text-slate-500 dark:text-slate-400">{explain(result)}</p>
    </>
  );
}

/**
 * Is the difference between two system prompts of the run real? The user picks the pair (the top two at first); the
 * paired comparison of their pass rates says "better" only where both rules hold, and says which one did not.
 */
export function PairSignificance({
  evaluationId,
  configurationIds,
  pair,
  onPairChange,
  nameOf,
  refresh,
  onCompare,
}: Props) {
  const significance = useSignificance(evaluationId, pair.second, pair.first, refresh);
  // Choosing on one side what the other shows swaps them, so the pair never compares a prompt with itself.
  const choose = (side: keyof ConfigurationPair, id: number) => {
    const other = side === 'first' ? 'second' : 'first';
    onPairChange(id === pair[other] ? { first: pair.second, second: pair.first } : { ...pair, [side]: id });
  };
  const picker = (side: keyof ConfigurationPair, label: string) => (
    <Field label={label}>
      {(props) => (
        <select
          {...props}
          value={pair[side]}
          onChange={(event) => choose(side, Number(event.target.value))}
          className={cn(inputClasses, 'w-auto max-w-full py-1')}
        >
          {configurationIds.map((id) => (
            <option key={id} value={id}>
              {nameOf(id)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const passRate = significance.data?.pass_rate;
  return (
    <div aria-label="Is the difference real?" role="group" className="mt-3 space-y-1">
      <div className="flex flex-wrap items-end gap-x-3 gap-y-2">
        {picker('first', 'System prompt')}
        {picker('second', 'Against')}
        {onCompare ? (
          <Button
            variant="secondary"
            size="sm"
            // Two long prompt names wrap rather than push a phone's page wider.
            className="h-auto! min-h-8 max-w-full py-1 text-left whitespace-normal!"
            onClick={() => onCompare(pair.first, pair.second)}
          >
            Compare {nameOf(pair.first)} with {nameOf(pair.second)}
          </Button>
        ) : null}
      </div>
      {significance.isPending ? null : significance.isError || !passRate ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">Could not tell whether the difference is real.</p>
      ) : passRate.available ? (
        <Verdict result={passRate} first={nameOf(pair.first)} />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">{passRate.reason}</p>
      )}
    </div>
  );
}
