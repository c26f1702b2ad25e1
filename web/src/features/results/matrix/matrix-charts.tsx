import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { GridData } from './grid-data';
import { scatterSeries, summariseColumns, type ColumnSummary } from './chart-data';
import { cn } from '@/lib/cn';
import { MockOutputsNote } from '@/components/ui/mock-outputs-note';

// Colours come from CSS variables set per colour scheme (index.css), so the charts follow light and dark.
const SERIES = [
  'var(--chart-1)',
  'var(--chart-2)',
  'var(--chart-3)',
  'var(--chart-4)',
  'var(--chart-5)',
  'var(--chart-6)',
];
const axis = { stroke: 'var(--chart-axis)', tick: { fill: 'var(--chart-axis)', fontSize: 11 } };
/** An axis's name: under the x axis, along the y axis, inside the room the chart's margin leaves for it. */
const axisLabel = (value: string, side: 'x' | 'y') =>
  side === 'x'
    ? { value, position: 'insideBottom' as const, offset: -12, fill: 'var(--chart-axis)', fontSize: 11 }
    : { value, angle: -90, position: 'insideLeft' as const, fill: 'var(--chart-axis)', fontSize: 11, dy: 40 };
const tooltipStyle = {
  contentStyle: { background: 'var(--chart-surface)', borderColor: 'var(--chart-grid)', color: 'var(--chart-text)' },
  labelStyle: { color: 'var(--chart-text)' },
};

function BarPanel({
  title,
  summaries,
  field,
  format,
  unit,
}: {
  title: string;
  summaries: ColumnSummary[];
  field: keyof Omit<ColumnSummary, 'name'>;
  format: (value: number) => string;
  /** The y axis's name. */
  unit: string;
}) {
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
      <figcaption className="mb-2 text-sm font-semibold">{title}</figcaption>
      <div
        className="h-56"
        role="img"
        aria-label={`${title}: ${summaries.map((s) => `${s.name} ${s[field] == null ? 'none' : format(s[field])}`).join(', ')}`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={summaries} margin={{ top: 4, right: 8, bottom: 20, left: 8 }}>
            <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
            <XAxis
              dataKey="name"
              {...axis}
              interval={0}
              tickFormatter={(name: string) => (name.length > 14 ? `${name.slice(0, 13)}…` : name)}
              label={axisLabel('System prompt', 'x')}
            />
            <YAxis {...axis} tickFormatter={(value: number) => format(value)} width={64} label={axisLabel(unit, 'y')} />
            <Tooltip {...tooltipStyle} formatter={(value) => format(Number(value))} />
            <Bar dataKey={field} name={title} fill="var(--chart-1)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/**
 * Per system prompt: mean latency, mean time to first token, mean output tokens, cost and pass rate when present;
 * latency vs output tokens. A mock run's charts say first that they measure nothing.
 */
export default function MatrixCharts({ data }: { data: GridData }) {
  const { summaries, withCost, withChecks, withTtft } = summariseColumns(data);
  const series = scatterSeries(data);
  return (
    <section aria-label="Charts" className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
      {data.mock ? <MockOutputsNote className="md:col-span-2 xl:col-span-3" /> : null}
      <BarPanel
        title="Mean latency (s)"
        unit="Seconds"
        summaries={summaries}
        field="meanSeconds"
        format={(v) => v.toFixed(2)}
      />
      {withTtft ? (
        <BarPanel
          title="Mean time to first token (s)"
          unit="Seconds"
          summaries={summaries}
          field="meanTtft"
          format={(v) => v.toFixed(2)}
        />
      ) : null}
      <BarPanel
        title="Mean output tokens"
        unit="Tokens"
        summaries={summaries}
        field="meanOutputTokens"
        format={(v) => v.toFixed(0)}
      />
      {withCost ? (
        <BarPanel
          title="Cost (USD)"
          unit="US dollars"
          summaries={summaries}
          field="totalCost"
          format={(v) => v.toFixed(4)}
        />
      ) : null}
      {withChecks ? (
        <BarPanel
          title="Pass rate"
          unit="Pass rate"
          summaries={summaries}
          field="passRate"
          format={(v) => `${Math.round(v * 100)}%`}
        />
      ) : null}
      <figure
        className={cn(
          'rounded-lg border border-slate-200 bg-white p-3 md:col-span-2 xl:col-span-1',
          'dark:border-slate-800 dark:bg-slate-900',
        )}
      >
        <figcaption className="mb-2 text-sm font-semibold">Latency vs output tokens</figcaption>
        <div
          className="h-56"
          role="img"
          aria-label="Scatter chart of latency in seconds against output tokens, one series per system prompt"
        >
          <ResponsiveContainer width="100%" height="100%">
            <ScatterChart margin={{ top: 4, right: 8, bottom: 20, left: 8 }}>
              <CartesianGrid stroke="var(--chart-grid)" />
              <XAxis
                type="number"
                dataKey="outputTokens"
                name="Output tokens"
                {...axis}
                label={axisLabel('Output tokens', 'x')}
              />
              <YAxis
                type="number"
                dataKey="seconds"
                name="Latency (s)"
                {...axis}
                width={56}
                label={axisLabel('Latency (s)', 'y')}
              />
              <Tooltip {...tooltipStyle} />
              <Legend wrapperStyle={{ fontSize: 11, color: 'var(--chart-text)' }} />
              {series.map((s, index) => (
                <Scatter
                  key={s.name}
                  name={s.name}
                  data={s.points}
                  fill={SERIES[index % SERIES.length]}
                  isAnimationActive={false}
                />
              ))}
            </ScatterChart>
          </ResponsiveContainer>
        </div>
      </figure>
    </section>
  );
}
