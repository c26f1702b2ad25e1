import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '@promptgrid/contract';
import { appendPiece, mergeLiveText, mergeRequests, newestUpdate } from './merge-requests';
import { resultFixture } from '@/testing/fixtures';

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
  scores: [],
  rating: null,
  judging: false,
  status,
  execution_time: null,
  ttft: null,
  input_token_total_count: null,
  output_token_count: null,
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

  it('shows streaming replies as results until the saved ones come, with final figures once finished', () => {
    const saved = resultFixture(1, 1, 1, 'Saved.');
    const live = [
      { id: 1, input: 1, configuration: 1, text: 'Sav' },
      { id: 2, input: 2, configuration: 1, text: 'Half a rep' },
      { id: 3, input: 3, configuration: 1, text: 'Failed after' },
      { id: 4, input: 4, configuration: 1, text: 'Done.' },
    ];
    const finished = new Map([
      [
        3,
        {
          type: 'finished' as const,
          id: 3,
          status: 'FAILED' as const,
          execution_time: 1,
          ttft: null,
          input_token_total_count: null,
          output_token_count: null,
          error_message: 'No.',
        },
      ],
      [
        4,
        {
          type: 'finished' as const,
          id: 4,
          status: 'SUCCESS' as const,
          execution_time: 2,
          ttft: 0.4,
          input_token_total_count: 5,
          output_token_count: 7,
          error_message: null,
        },
      ],
    ]);
    const merged = mergeLiveText([saved], live, 9, finished);
    expect(merged.map((r) => [r.id, r.api_request, r.output])).toEqual([
      [1, 1, 'Saved.'],
      [-2, 2, 'Half a rep'],
      [-4, 4, 'Done.'],
    ]);
    expect(merged[2]).toMatchObject({ execution_time: 2, ttft: 0.4, token_count: 7, input_token_total_count: 5 });
    // The real results replace the streamed ones when they load.
    expect(mergeLiveText([saved], [], 9, new Map())).toEqual([saved]);
  });
});
