import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '@promptgrid/contract';
import { apiRequestFixture, resultFixture } from '@/testing/fixtures';
import { appendPiece, mergeRequests, newestUpdate } from './merge-requests';
import { indexCells } from './results-index';

const request = (id: number, status: ApiRequest['status'], updated_at: string): ApiRequest => ({
  id,
  evaluation: 1,
  input: id,
  configuration: 1,
  configuration_version: 1,
  repetition: 0,
  history: [],
  system_prompt: null,
  user_prompt: null,
  messages: [],
  scores: [],
  rating: null,
  judging: false,
  status,
  execution_time: null,
  ttft: null,
  input_token_total_count: null,
  output_token_count: null,
  reasoning_tokens: null,
  error_message: null,
  cost_usd: null,
  judge_cost_usd: null,
  attempts: 0,
  created_at: '2026-11-24T00:00:00.000Z',
  updated_at,
});

describe('merging polled api requests', () => {
  it('replaces changed rows by id, adds new ones, and keeps id order', () => {
    const current = [
      request(1, 'PENDING', '2026-11-24T00:00:01.000Z'),
      request(3, 'PENDING', '2026-11-24T00:00:01.000Z'),
    ];
    const merged = mergeRequests(current, [
      request(3, 'SUCCESS', '2026-11-24T00:00:05.000Z'),
      request(2, 'IN_PROGRESS', '2026-11-24T00:00:04.000Z'),
    ]);
    expect(merged.map((r) => [r.id, r.status])).toEqual([
      [1, 'PENDING'],
      [2, 'IN_PROGRESS'],
      [3, 'SUCCESS'],
    ]);
    expect(newestUpdate(merged)).toBe('2026-11-24T00:00:05.000Z');
  });

  it('answers the same array when nothing changed, and no time for no rows', () => {
    const current = [request(1, 'SUCCESS', '2026-11-24T00:00:01.000Z')];
    expect(mergeRequests(current, [])).toBe(current);
    expect(newestUpdate([])).toBeNull();
  });
});

describe('merging streamed text', () => {
  it('appends pieces at their offset, restarts at 0, cuts overlaps, and waits after a gap', () => {
    expect(appendPiece('', 0, 'Hel')).toBe('Hel');
    expect(appendPiece('Hel', 3, 'lo')).toBe('Hello');
    expect(appendPiece('Hello', 3, 'lo there')).toBe('Hello there');
    expect(appendPiece('Hello', 0, 'Again')).toBe('Again');
    expect(appendPiece('Hel', 7, 'late')).toBeNull();
  });

  it('puts a streaming reply beside its request until the saved result comes, never among the results', () => {
    const requests = [1, 2].map((id) => apiRequestFixture(id, id, 1, 'IN_PROGRESS'));
    const saved = resultFixture(1, 1, 1, 'Saved.');
    const live = new Map([
      [1, 'Sav'],
      [2, 'Half a rep'],
    ]);
    const cells = indexCells(requests, [saved], live);
    expect(cells.get('1:1')).toMatchObject({ result: saved, live: undefined });
    expect(cells.get('2:1')).toMatchObject({ result: undefined, live: 'Half a rep' });
    expect(indexCells(requests, [saved]).get('2:1')?.live).toBeUndefined();
  });
});
