import { useState } from 'react';
import type { ConfigurationSummary } from '@promptgrid/contract';
import { cn } from '@/lib/cn';

type SortKey = 'pass_rate' | 'win_rate' | 'mean_score' | 'average_execution_time' | 'output_tokens';

const COLUMNS: { key: SortKey; label: string; lowerIsBetter?: boolean }[] = [
  { key: 'pass_rate', label: 'Pass rate' },
  { key: 'win_rate', label: 'Win rate' },
  { key: 'mean_score', label: 'Mean score' },
  { key: 'average_execution_time', label: 'Avg time', lowerIsBetter: true },
  { key: 'output_tokens', label: 'Output tokens', lowerIsBetter: true },
];

const percent = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)}%`);

/** Sorted by one column, best first; null (nothing to rate yet) always last. The server's order breaks ties. */
function sortRows(rows: ConfigurationSummary[], key: SortKey | null): ConfigurationSummary[] {
  if (key === null) return rows;
  const lowerIsBetter = COLUMNS.find((c) => c.key === key)?.lowerIsBetter ?? false;
  return [...rows].sort((a, b) => {
    const [x, y] = [a[key], b[key]];
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return lowerIsBetter ? x - y : y - x;
  });
}

type Props = {
  rows: ConfigurationSummary[];
  nameOf: (configurationId: number) => string;
  /**
   * false for a mock run: its rows keep the run's order (the server's is best first) and no figure stands out, so no
   * prompt reads as the winner.
   */
  ranked?: boolean;
};

const inRunOrder = (rows: ConfigurationSummary[]) => [...rows].sort((a, b) => a.configuration_id - b.configuration_id);

/** One line per system prompt of the run: checks, votes and ratings, with pass rate and win rate first. */
export function LeaderboardTable({ rows, nameOf, ranked = true }: Props) {
  const [sortKey, setSortKey] = useState<SortKey | null>(null);
  const sorted = sortRows(ranked ? rows : inRunOrder(rows), sortKey);
  const rate = cn('px-3 py-2 text-right', ranked && 'text-base font-semibold');
  const header = (key: SortKey, label: string) => (
    <th key={key} scope="col" aria-sort={sortKey === key ? 'descending' : 'none'} className="px-3 py-2 text-right">
      <button
        type="button"
        onClick={() => setSortKey(key)}
        className={cn(
          'font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2',
          'focus-visible:outline-blue-600 dark:text-slate-300 dark:hover:text-white',
        )}
      >
        {label}
        {sortKey === key ? ' ▼' : ''}
      </button>
    </th>
  );
  return (
    <table className="w-full min-w-[44rem] text-sm">
      <caption className="sr-only">
        {ranked ? 'Leaderboard: best first' : 'Leaderboard: in run order, not ranked'}
      </caption>
      <thead className="border-b border-slate-200 text-xs dark:border-slate-800">
        <tr>
          <th scope="col" className="px-3 py-2 text-left font-medium text-slate-600 dark:text-slate-300">
            <button type="button" onClick={() => setSortKey(null)} aria-pressed={sortKey === null}>
              System prompt
            </button>
          </th>
          {COLUMNS.slice(0, 3).map((c) => header(c.key, c.label))}
          <th scope="col" className="px-3 py-2 text-right font-medium text-slate-600 dark:text-slate-300">
            Checks
          </th>
          <th scope="col" className="px-3 py-2 text-right font-medium text-slate-600 dark:text-slate-300">
            Votes W/L/T
          </th>
          <th scope="col" className="px-3 py-2 text-right font-medium text-slate-600 dark:text-slate-300">
            Ratings
          </th>
          <th scope="col" className="px-3 py-2 text-right font-medium text-slate-600 dark:text-slate-300">
            Succeeded
          </th>
          {COLUMNS.slice(3).map((c) => header(c.key, c.label))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 tabular-nums dark:divide-slate-800">
        {sorted.map((row) => (
          <tr key={row.configuration_id}>
            <th scope="row" className="max-w-[16rem] truncate px-3 py-2 text-left font-medium">
              {nameOf(row.configuration_id)}
            </th>
            <td className={rate}>{percent(row.pass_rate)}</td>
            <td className={rate}>{percent(row.win_rate)}</td>
            <td className="px-3 py-2 text-right">{row.mean_score === null ? '—' : row.mean_score.toFixed(2)}</td>
            <td className="px-3 py-2 text-right">
              {row.checks_passed} of {row.checks_total}
            </td>
            <td className="px-3 py-2 text-right">
              {row.votes_won}/{row.votes_lost}/{row.votes_tied}
            </td>
            <td className="px-3 py-2 text-right">
              <span aria-label={`${row.rating_up} up`}>▲ {row.rating_up}</span>{' '}
              <span aria-label={`${row.rating_down} down`}>▼ {row.rating_down}</span>
            </td>
            <td className="px-3 py-2 text-right">
              {row.succeeded} of {row.requests}
            </td>
            <td className="px-3 py-2 text-right">
              {row.average_execution_time === null ? '—' : `${row.average_execution_time.toFixed(2)}s`}
            </td>
            <td className="px-3 py-2 text-right">{row.output_tokens}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
