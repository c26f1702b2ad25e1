import { useEffect, useRef } from 'react';
import { compareOutcome, type CaseSide } from '@promptgrid/contract';
import { Button } from '@/components/ui/button';
import { gridCell, type GridCell, type GridData } from '../matrix/grid-data';
import { OutcomeSummary } from './outcome-summary';

/** Two configurations of one run on screen: the first is the base the second is diffed against. */
export type ConfigurationPair = { baseId: number; headId: number };

const caseSide = (cell: GridCell | undefined): CaseSide | null =>
  cell
    ? {
        checks_passed: (cell.verdicts ?? []).filter((v) => v.pass === true).length,
        checks_total: (cell.verdicts ?? []).filter((v) => v.pass !== null).length,
        cost_usd: cell.cost ?? null,
        judge_cost_usd: cell.judgeCost ?? null,
      }
    : null;

/** The pair's cases, input by input, as the run-against-run comparison counts them. */
export const pairOutcome = (data: GridData, { baseId, headId }: ConfigurationPair) =>
  compareOutcome(
    data.rows.map((row) => ({
      base: caseSide(gridCell(data, row.id, baseId)),
      head: caseSide(gridCell(data, row.id, headId)),
    })),
  );

type Props = { data: GridData; pair: ConfigurationPair; nameOf: (id: number) => string; onClose: () => void };

/** The head of a comparison of two configurations in one run, above the matrix that diffs them. */
export function ConfigurationPairSummary({ data, pair, nameOf, onClose }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from the leaderboard above: bring the comparison into view and the reader's focus to it.
  useEffect(() => {
    heading.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    heading.current?.focus({ preventScroll: true });
  }, [pair.baseId, pair.headId]);
  return (
    <section
      aria-labelledby="pair-title"
      className="space-y-3 rounded-lg border border-blue-200 bg-white p-4 shadow-sm dark:border-blue-900 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="pair-title" ref={heading} tabIndex={-1} className="text-base font-semibold outline-none">
          {nameOf(pair.headId)} compared with {nameOf(pair.baseId)}
        </h2>
        <Button variant="secondary" size="sm" onClick={onClose}>
          Stop comparing
        </Button>
      </div>
      <OutcomeSummary outcome={pairOutcome(data, pair)} />
      <p className="text-xs text-slate-600 dark:text-slate-300">
        Below: the inputs where they differ, {nameOf(pair.headId)}&apos;s output marked up against {nameOf(pair.baseId)}
        &apos;s.
      </p>
    </section>
  );
}
