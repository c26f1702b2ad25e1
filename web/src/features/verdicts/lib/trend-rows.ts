import type { ProjectTrends, TrendPoint } from '@promptgrid/contract';
import { shownRunName } from '@/lib/run-name';

/** One run on the trend's x axis, with each series' point in it (by the series' index). */
export type TrendRow = {
  evaluationId: number;
  runName: string;
  createdAt: string;
  /** A mock run: canned outputs, shown only when asked for and marked as such. */
  mock: boolean;
  /** Its x axis label: the day, with the time when another run shares that day. */
  label: string;
  points: (TrendPoint | undefined)[];
};

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
export const dayAndTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** The runs that have a point in any series, oldest first, each with every series' point (or none) in that run. */
export function trendRows(trends: ProjectTrends): TrendRow[] {
  const runs = new Map<number, TrendRow>();
  trends.series.forEach((series, index) => {
    for (const point of series.points) {
      const row = runs.get(point.evaluation_id) ?? {
        evaluationId: point.evaluation_id,
        runName: shownRunName(point.evaluation_name, point.run_size),
        createdAt: point.created_at,
        mock: point.use_mock,
        label: '',
        points: Array<TrendPoint | undefined>(trends.series.length).fill(undefined),
      };
      row.points[index] = point;
      runs.set(point.evaluation_id, row);
    }
  });
  const rows = [...runs.values()].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.evaluationId - b.evaluationId,
  );
  // Several runs a day are common while a prompt is being tuned: the day alone would repeat one label under them all.
  const runsPerDay = new Map<string, number>();
  for (const row of rows) runsPerDay.set(day(row.createdAt), (runsPerDay.get(day(row.createdAt)) ?? 0) + 1);
  for (const row of rows)
    row.label = (runsPerDay.get(day(row.createdAt)) ?? 0) > 1 ? dayAndTime(row.createdAt) : day(row.createdAt);
  return rows;
}
