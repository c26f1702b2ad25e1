import { useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ProjectTrends } from '@promptgrid/contract';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { EmptyState } from '@/components/ui/empty-state';
import { LabelledSwitch } from '@/components/ui/labelled-switch';
import { Spinner } from '@/components/ui/spinner';
import { useTrends } from '../api/get-trends';
import { dayAndTime, trendRows, type TrendRow } from '../lib/trend-rows';

type Props = { projectId: string; onOpenRun: (evaluationId: number) => void };

// Colours come from CSS variables set per colour scheme (index.css), so the chart follows light and dark.
const SERIES_COLOURS = ['--chart-1', '--chart-2', '--chart-3', '--chart-4', '--chart-5', '--chart-6'];
const colourOf = (index: number) => `var(${SERIES_COLOURS[index % SERIES_COLOURS.length] ?? '--chart-1'})`;
const axis = { stroke: 'var(--chart-axis)', tick: { fill: 'var(--chart-axis)', fontSize: 11 } };
const percent = (share: number) => `${Math.round(share * 100)}%`;

function RunTooltip({ row, names }: { row: TrendRow | undefined; names: string[] }) {
  if (!row) return null;
  return (
    <div className="rounded-md border border-slate-200 bg-white px-3 py-2 text-xs shadow dark:border-slate-700 dark:bg-slate-900">
      <p className="font-semibold">
        {row.runName}
        {row.mock ? ' (mock run)' : ''}
      </p>
      <p className="text-slate-500 dark:text-slate-400">{dayAndTime(row.createdAt)}</p>
      <ul className="mt-1 space-y-0.5">
        {row.points.map((point, index) =>
          point ? (
            <li key={names[index]}>
              <span style={{ color: colourOf(index) }}>●</span> {names[index]}: {percent(point.pass_rate)}
              {point.version === null ? '' : ` (version ${point.version})`}
            </li>
          ) : null,
        )}
      </ul>
      <p className="mt-1 text-slate-500 dark:text-slate-400">Click to open this run.</p>
    </div>
  );
}

/** What the chart and the table both draw: the series, the runs as rows, and how to open a run. */
type TrendPart = { trends: ProjectTrends; rows: TrendRow[]; onOpenRun: Props['onOpenRun'] };

function TrendChart({ trends, rows, onOpenRun }: TrendPart) {
  const names = trends.series.map((series) => series.name);
  // Series are keyed by index: a name with a dot would read as a path to recharts.
  const data = rows.map((row) => ({
    label: row.mock ? `${row.label} (mock)` : row.label,
    ...Object.fromEntries(row.points.map((point, index) => [`s${index}`, point ? point.pass_rate * 100 : null])),
  }));
  return (
    <div
      className="h-80"
      role="img"
      aria-label={`Pass rate per system prompt over ${rows.length} runs: ${trends.series
        .map(
          (series) =>
            `${series.name} from ${percent(series.points[0]?.pass_rate ?? 0)} to ${percent(series.points.at(-1)?.pass_rate ?? 0)}`,
        )
        .join('; ')}`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart
          data={data}
          margin={{ top: 8, right: 16, bottom: 24, left: 8 }}
          onClick={(state) => {
            const row = rows[Number(state.activeTooltipIndex)];
            if (row) onOpenRun(row.evaluationId);
          }}
          className="cursor-pointer"
        >
          <CartesianGrid stroke="var(--chart-grid)" strokeDasharray="3 3" />
          <XAxis
            dataKey="label"
            {...axis}
            label={{ value: 'Run', position: 'insideBottom', offset: -14, fill: 'var(--chart-axis)', fontSize: 11 }}
          />
          <YAxis domain={[0, 100]} unit="%" {...axis} width={48} />
          <Tooltip
            content={({ active, payload }) =>
              active && payload?.length ? (
                <RunTooltip row={rows[data.findIndex((d) => d === payload[0]?.payload)]} names={names} />
              ) : null
            }
          />
          <Legend verticalAlign="top" height={28} wrapperStyle={{ fontSize: 12 }} />
          {names.map((name, index) => (
            <Line
              key={name}
              name={name}
              dataKey={`s${index}`}
              stroke={colourOf(index)}
              strokeWidth={2}
              dot={{ r: 3 }}
              activeDot={{ r: 5 }}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

/** The same figures as a table: readable without the chart, and each run a link. */
function TrendTable({ trends, rows, onOpenRun }: TrendPart) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[28rem] text-left text-sm">
        <caption className="sr-only">Pass rate per system prompt in each run, oldest first</caption>
        <thead className="text-xs text-slate-500 dark:text-slate-400">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Run
            </th>
            {trends.series.map((series) => (
              <th key={series.name} scope="col" className="max-w-[12rem] truncate py-1 pr-3 font-medium">
                {series.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.evaluationId} className="border-t border-slate-100 dark:border-slate-800">
              <th scope="row" className="py-1 pr-3 text-left font-normal">
                <button
                  type="button"
                  className="text-blue-700 underline dark:text-blue-300"
                  onClick={() => onOpenRun(row.evaluationId)}
                >
                  {row.runName}
                </button>
                {row.mock ? <Badge className="ml-2">Mock run</Badge> : null}
                <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">{dayAndTime(row.createdAt)}</span>
              </th>
              {row.points.map((point, index) => (
                <td key={trends.series[index]?.name ?? index} className="py-1 pr-3 tabular-nums">
                  {point ? percent(point.pass_rate) : '—'}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A project's trends: did last week's prompt change help? Pass rate per system prompt (by name) over its runs. */
export function TrendsView({ projectId, onOpenRun }: Props) {
  // Mock runs' outputs are canned, so their pass rates would read as changes in the prompts: left out unless asked.
  const [showMock, setShowMock] = useState(false);
  const trends = useTrends(projectId, showMock);
  return (
    <section aria-labelledby="trends-title" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 id="trends-title" className="text-xl font-semibold">
            Trends
          </h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Pass rate of each system prompt over the project's latest runs, by name across its versions.
          </p>
        </div>
        <LabelledSwitch label="Show mock runs" checked={showMock} onCheckedChange={setShowMock} />
      </div>
      {trends.isPending ? (
        <Spinner label="Loading the trends" />
      ) : trends.isError ? (
        <Banner>Failed to load the trends of this project.</Banner>
      ) : (
        <TrendBody trends={trends.data} onOpenRun={onOpenRun} />
      )}
    </section>
  );
}

function TrendBody({ trends, onOpenRun }: { trends: ProjectTrends; onOpenRun: Props['onOpenRun'] }) {
  const rows = trendRows(trends);
  return rows.length === 0 ? (
    <EmptyState
      title="No trend yet"
      message="Runs with check verdicts make the trend: add a check and run an evaluation, then come back after the next change."
    />
  ) : (
    <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <TrendChart trends={trends} rows={rows} onOpenRun={onOpenRun} />
      <TrendTable trends={trends} rows={rows} onOpenRun={onOpenRun} />
    </div>
  );
}
