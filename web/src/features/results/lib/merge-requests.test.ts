import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '@promptgrid/contract';
import { mergeRequests, newestUpdate } from './merge-requests';

const request = (id: number, status: ApiRequest['status'], updated_at: string): ApiRequest => ({
  id,
  evaluation: 1,
  input: id,
  configuration: 1,
  configuration_version: 1,
  system_prompt: null,
  user_prompt: null,
  scores: [],
  rating: null,
  status,
  execution_time: null,
  ttft: null,
  input_token_total_count: null,
  output_token_count: null,
  error_message: null,
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
