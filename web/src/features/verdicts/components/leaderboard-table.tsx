import { useMemo, useState } from 'react';
import { formatUsd, type ConfigurationSummary } from '@promptgrid/contract';
import { Button } from '@/components/ui/button';
import { ChevronDownIcon, ThumbsDownIcon, ThumbsUpIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';

/** A figure column of the leaderboard: how to read it from a line, show it, and which way is better. */
type FigureColumn = {
  key: string;
  label: string;
  value: (row: ConfigurationSummary) => number | null;
  format: (value: number) => string;
  lowerIsBetter?: boolean;
  /** A check's column: its name (a judge's may be a sentence) is clamped to three lines of a narrow header. */
  check?: boolean;
};

const percent = (value: number) => `${Math.round(value * 100)}%`;

const PASS_RATE: FigureColumn = { key: 'pass_rate', label: 'Pass rate', value: (r) => r.pass_rate, format: percent };
const TRAILING: FigureColumn[] = [
  { key: 'win_rate', label: 'Win rate', value: (r) => r.win_rate, format: percent },
  { key: 'cost_usd', label: 'Cost', value: (r) => r.cost_usd, format: formatUsd, lowerIsBetter: true },
  {
    key: 'average_execution_time',
    label: 'Mean latency',
    value: (r) => r.average_execution_time,
    format: (s) => `${s.toFixed(2)}s`,
    lowerIsBetter: true,
  },
  {
    key: 'output_tokens',
    label: 'Output tokens',
    value: (r) => r.output_tokens,
    format: (n) => n.toLocaleString('en-US'),
    lowerIsBetter: true,
  },
];

/** One column per check the run's outputs were judged by, its pass rate on each configuration. */
const checkColumn = (checkId: number, name: string): FigureColumn => ({
  key: `check:${checkId}`,
  label: name,
  value: (r) => r.checks.find((c) => c.check_id === checkId)?.pass_rate ?? null,
  format: percent,
  check: true,
});

const better = (column: FigureColumn, x: number, y: number) => (column.lowerIsBetter ? x - y : y - x);

/** Sorted by one column, best first; null (nothing to rate yet) always last. The given order breaks ties. */
function sortRows(rows: ConfigurationSummary[], column: FigureColumn | undefined): ConfigurationSummary[] {
  if (!column) return rows;
  return [...rows].sort((a, b) => {
    const [x, y] = [column.value(a), column.value(b)];
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return better(column, x, y);
  });
}

/** The best value of a column, when the lines differ on it (a column where all agree sets no one off). */
function bestOf(rows: ConfigurationSummary[], column: FigureColumn): number | null {
  const values = rows.map(column.value).filter((v): v is number => v !== null);
  if (values.length < 2 || values.every((v) => v === values[0])) return null;
  return values.reduce((best, v) => (better(column, v, best) < 0 ? v : best));
}

export const LEADERBOARD_TOP = 10;

/**
 * The prompt's name stays in view while a narrow screen scrolls the figures sideways (sticky, on the box's
 * background); a long name is cut, and the row's other cells say the rest.
 */
const NAME_CELL = 'sticky left-0 z-10 max-w-[11rem] bg-white px-2 py-2 text-left dark:bg-slate-900';

type Props = {
  rows: ConfigurationSummary[];
  nameOf: (configurationId: number) => string;
  /** The project's checks by id, to head their columns. */
  checkNames?: ReadonlyMap<number, string>;
  /**
   * false for a mock run: its rows keep the run's order (the server's is best first) and no figure stands out, so no
   * prompt reads as the winner.
   */
  ranked?: boolean;
  /** The column the lines are sorted by (null: the first order); kept by the caller, whose pair follows it. */
  sortKey: string | null;
  onSort: (key: string | null) => void;
};

/** A mock run's lines in the run's order (the server's is best first). */
const inRunOrder = (rows: ConfigurationSummary[]) => [...rows].sort((a, b) => a.configuration_id - b.configuration_id);

const checkIdsOf = (rows: ConfigurationSummary[]) =>
  [...new Set(rows.flatMap((row) => row.checks.map((c) => c.check_id)))].sort((a, b) => a - b);

/**
 * The lines in the order the table shows them: best first by pass rate (the server's order), or a mock run's in run
 * order, then sorted by the chosen column.
 */
export function tableOrder(rows: ConfigurationSummary[], ranked: boolean, sortKey: string | null) {
  const columns = [PASS_RATE, ...checkIdsOf(rows).map((id) => checkColumn(id, '')), ...TRAILING];
  return sortRows(
    ranked ? rows : inRunOrder(rows),
    columns.find((c) => c.key === sortKey),
  );
}

/**
 * One line per system prompt of the run: overall pass rate, each check's pass rate, win rate, cost, latency and
 * tokens, the best of each column set off; sortable by any of them, and the top ten unless asked for all.
 */
export function LeaderboardTable({ rows, nameOf, checkNames, ranked = true, sortKey, onSort: setSortKey }: Props) {
  const [showAll, setShowAll] = useState(false);
  const checkColumns = useMemo(
    () => checkIdsOf(rows).map((id) => checkColumn(id, checkNames?.get(id) ?? `Check #${id}`)),
    [rows, checkNames],
  );
  const columns = [PASS_RATE, ...checkColumns, ...TRAILING];
  const sorted = tableOrder(rows, ranked, sortKey);
  const shown = showAll ? sorted : sorted.slice(0, LEADERBOARD_TOP);
  // Columns of votes and ratings only once someone voted or rated: before, they are zeros that push the checks aside.
  const withVotes = rows.some((row) => row.votes_won + row.votes_lost + row.votes_tied > 0);
  const withRatings = rows.some((row) => row.rating_up + row.rating_down > 0);
  const best = new Map(columns.map((column) => [column.key, ranked ? bestOf(rows, column) : null]));

  const header = (column: FigureColumn) => (
    <th
      key={column.key}
      scope="col"
      aria-sort={sortKey === column.key ? 'descending' : 'none'}
      className={cn('px-2 py-2 text-right align-bottom', column.check && 'w-24 min-w-24')}
    >
      <button
        type="button"
        onClick={() => setSortKey(column.key)}
        // The whole name on hover, where three lines cut it.
        title={`${column.label}: ${column.lowerIsBetter ? 'sort, lowest first' : 'sort, highest first'}`}
        className={cn(
          'inline-flex items-end gap-1 text-right font-medium text-slate-600 hover:text-slate-900',
          'focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-300 dark:hover:text-white',
          column.check ? 'max-w-24' : 'max-w-[5.5rem]',
        )}
      >
        <span className="line-clamp-3 break-words">{column.label}</span>
        {sortKey === column.key ? <ChevronDownIcon width={12} height={12} className="shrink-0" /> : null}
      </button>
    </th>
  );
  const figure = (row: ConfigurationSummary, column: FigureColumn) => {
    const value = column.value(row);
    const isBest = value !== null && value === best.get(column.key);
    return (
      <td
        key={column.key}
        className={cn(
          'px-2 py-2 text-right whitespace-nowrap',
          column === PASS_RATE && ranked && 'text-base font-semibold',
          isBest && 'bg-green-50 font-semibold text-green-800 dark:bg-green-950 dark:text-green-200',
        )}
      >
        {value === null ? '—' : column.format(value)}
        {isBest ? <span className="sr-only"> (best)</span> : null}
        {column === PASS_RATE && row.checks_total > 0 ? (
          <span className="block text-xs font-normal whitespace-normal text-slate-500 dark:text-slate-400">
            {row.checks_passed} of {row.checks_total} verdicts
          </span>
        ) : null}
      </td>
    );
  };

  return (
    <div className="space-y-3">
      {/* relative: the screen-reader-only texts of the sort buttons are positioned, and must scroll inside the box
          rather than widen a phone's page. */}
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[40rem] text-sm">
          <caption className="sr-only">
            {ranked ? 'Leaderboard: best first' : 'Leaderboard: in run order, not ranked'}
          </caption>
          <thead className="border-b border-slate-200 text-xs dark:border-slate-800">
            <tr>
              <th scope="col" className={cn(NAME_CELL, 'align-bottom font-medium text-slate-600 dark:text-slate-300')}>
                <button type="button" onClick={() => setSortKey(null)} aria-pressed={sortKey === null}>
                  System prompt
                </button>
              </th>
              {columns.map(header)}
              {['Succeeded', ...(withVotes ? ['Votes W/L/T'] : []), ...(withRatings ? ['Ratings'] : [])].map(
                (label) => (
                  <th
                    key={label}
                    scope="col"
                    className="max-w-[5.5rem] px-2 py-2 text-right align-bottom font-medium text-slate-600 dark:text-slate-300"
                  >
                    {label}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 tabular-nums dark:divide-slate-800">
            {shown.map((row) => (
              <tr key={row.configuration_id}>
                <th scope="row" className={cn(NAME_CELL, 'truncate font-medium')}>
                  {nameOf(row.configuration_id)}
                </th>
                {columns.map((column) => figure(row, column))}
                <td className="px-2 py-2 text-right whitespace-nowrap">
                  {row.succeeded} of {row.requests}
                </td>
                {withVotes ? (
                  <td className="px-2 py-2 text-right">
                    {row.votes_won}/{row.votes_lost}/{row.votes_tied}
                  </td>
                ) : null}
                {withRatings ? (
                  <td className="px-2 py-2 text-right whitespace-nowrap">
                    <span className="inline-flex items-center gap-1" aria-label={`${row.rating_up} up`}>
                      <ThumbsUpIcon width={12} height={12} /> {row.rating_up}
                    </span>{' '}
                    <span className="ml-2 inline-flex items-center gap-1" aria-label={`${row.rating_down} down`}>
                      <ThumbsDownIcon width={12} height={12} /> {row.rating_down}
                    </span>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {sorted.length > LEADERBOARD_TOP ? (
        <Button variant="secondary" size="sm" aria-expanded={showAll} onClick={() => setShowAll((all) => !all)}>
          {showAll ? `Show the top ${LEADERBOARD_TOP}` : `Show all ${sorted.length}`}
        </Button>
      ) : null}
    </div>
  );
}
