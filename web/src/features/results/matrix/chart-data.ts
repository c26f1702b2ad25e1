import { gridCell, type GridData } from './grid-data';
import { hasField } from './view-model';

export type ColumnSummary = {
  name: string;
  meanSeconds: number | null;
  meanTtft: number | null;
  meanOutputTokens: number | null;
  totalCost: number | null;
  passRate: number | null;
};
export type ScatterPoint = { seconds: number; outputTokens: number };

const mean = (values: number[]) => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length);

/** Per system prompt: means over its successful cells (TTFT over those that streamed), cost and pass rate when present. */
export function summariseColumns(data: GridData): {
  summaries: ColumnSummary[];
  withCost: boolean;
  withChecks: boolean;
  withTtft: boolean;
} {
  const withCost = hasField(data, 'cost');
  const withChecks = hasField(data, 'verdicts');
  const summaries = data.columns.map((column) => {
    const seconds: number[] = [];
    const ttfts: number[] = [];
    const tokens: number[] = [];
    let cost = 0;
    let passed = 0;
    let checks = 0;
    for (const row of data.rows) {
      const cell = gridCell(data, row.id, column.id);
      if (!cell) continue;
      cost += cell.cost ?? 0;
      for (const verdict of cell.verdicts ?? []) {
        if (verdict.pass === true) passed++;
        if (verdict.pass !== null) checks++;
      }
      if (cell.status !== 'SUCCESS') continue;
      if (cell.seconds != null) seconds.push(cell.seconds);
      if (cell.ttft != null) ttfts.push(cell.ttft);
      if (cell.outputTokens != null) tokens.push(cell.outputTokens);
    }
    return {
      name: column.name,
      meanSeconds: mean(seconds),
      meanTtft: mean(ttfts),
      meanOutputTokens: mean(tokens),
      totalCost: withCost ? cost : null,
      passRate: withChecks && checks > 0 ? passed / checks : null,
    };
  });
  return { summaries, withCost, withChecks, withTtft: summaries.some((s) => s.meanTtft !== null) };
}

/** Latency against output tokens, one series per system prompt, successful cells only. */
export function scatterSeries(data: GridData): { name: string; points: ScatterPoint[] }[] {
  return data.columns.map((column) => ({
    name: column.name,
    points: data.rows.flatMap((row) => {
      const cell = gridCell(data, row.id, column.id);
      return cell?.status === 'SUCCESS' && cell.seconds != null && cell.outputTokens != null
        ? [{ seconds: cell.seconds, outputTokens: cell.outputTokens }]
        : [];
    }),
  }));
}
