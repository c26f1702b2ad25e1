import { describe, expect, it } from 'vitest';
import type { TrendPoint } from '@promptgrid/contract';
import { trendRows } from './trend-rows';

const point = (evaluation: number, createdAt: string): TrendPoint => ({
  evaluation_id: evaluation,
  evaluation_name: `Run ${evaluation}`,
  run_size: { prompts: 2, inputs: 30 },
  created_at: createdAt,
  configuration_id: 5,
  version: 1,
  pass_rate: 0.5,
  checks_passed: 1,
  checks_total: 2,
  use_mock: false,
});

describe('trendRows', () => {
  it('labels a run by its day, and by day and time when another run shares the day', () => {
    // Noon UTC and an hour apart: the same day in any time zone the tests run in.
    const rows = trendRows({
      runs: 3,
      series: [
        {
          name: 'Terse',
          points: [
            point(1, '2026-11-20T12:00:00.000Z'),
            point(2, '2026-12-01T11:30:00.000Z'),
            point(3, '2026-12-01T12:30:00.000Z'),
          ],
        },
      ],
    });
    const [lone, morning, later] = rows.map((row) => row.label);
    expect(lone).toBe('Nov 20');
    expect(morning).toMatch(/^Dec 1, \d\d:30/);
    expect(later).toMatch(/^Dec 1, \d\d:30/);
    expect(morning).not.toBe(later);
  });

  it('shows a run left with the default name by when it ran and its size, as the results screens do', () => {
    const started = '2026-12-01T12:30:00.000Z';
    const [row] = trendRows({
      runs: 1,
      series: [{ name: 'Terse', points: [{ ...point(7, started), evaluation_name: `Evaluation ${started}` }] }],
    });
    expect(row?.runName).toMatch(/^Dec 1, \d{2}:30 · 2 prompts × 30 inputs$/);
  });
});
