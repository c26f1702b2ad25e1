import type { ProjectTrends, TrendPoint } from '@promptgrid/contract';

/** One run on the trend's x axis, with each series' point in it (by the series' index). */
export type TrendRow = {
  evaluationId: number;
  runName: string;
  createdAt: string;
  points: (TrendPoint | undefined)[];
};

/** The runs that have a point in any series, oldest first, each with every series' point (or none) in that run. */
export function trendRows(trends: ProjectTrends): TrendRow[] {
  const runs = new Map<number, TrendRow>();
  trends.series.forEach((series, index) => {
    for (const point of series.points) {
      const row = runs.get(point.evaluation_id) ?? {
        evaluationId: point.evaluation_id,
        runName: point.evaluation_name,
        createdAt: point.created_at,
        points: Array<TrendPoint | undefined>(trends.series.length).fill(undefined),
      };
      row.points[index] = point;
      runs.set(point.evaluation_id, row);
    }
  });
  return [...runs.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.evaluationId - b.evaluationId);
}
