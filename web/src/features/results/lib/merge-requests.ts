import type { ApiRequest, LiveFinishedEvent, Result } from '@promptgrid/contract';

/** The newest updated_at among the requests (ISO strings of one format compare as text), or null. */
export function newestUpdate(requests: Pick<ApiRequest, 'updated_at'>[]): string | null {
  let newest: string | null = null;
  for (const request of requests) if (newest === null || request.updated_at > newest) newest = request.updated_at;
  return newest;
}

/** The requests with the changed ones put in place by id (new ids added), in id order. */
export function mergeRequests(current: ApiRequest[], changed: ApiRequest[]): ApiRequest[] {
  if (changed.length === 0) return current;
  const byId = new Map(current.map((request) => [request.id, request]));
  for (const request of changed) byId.set(request.id, request);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** A reply as it streams in: where it belongs and its text so far. */
export type LiveText = { id: number; input: number | null; configuration: number; text: string };

/**
 * A streamed piece added to the text so far: `at` is where it starts. 0 restarts the text; a piece past the end
 * means some were missed (the stream opened mid-call), so the text waits for the next restart; an overlap (a piece
 * sent again) is cut off.
 */
export function appendPiece(current: string, at: number, piece: string): string | null {
  if (at > current.length) return null;
  return current.slice(0, at) + piece;
}

/**
 * The results with the replies still streaming shown as results of their own (negative ids: -request id) until the
 * real ones load; `finished` gives a streamed reply its final figures.
 */
export function mergeLiveText(
  results: Result[],
  live: Iterable<LiveText>,
  evaluationId: number,
  finished: ReadonlyMap<number, LiveFinishedEvent>,
): Result[] {
  const saved = new Set(results.filter((r) => r.id > 0).map((r) => r.api_request));
  const streaming: Result[] = [];
  for (const { id, input, configuration, text } of live) {
    if (saved.has(id)) continue;
    const done = finished.get(id);
    if (done?.status === 'FAILED') continue;
    streaming.push({
      id: -id,
      evaluation: evaluationId,
      api_request: id,
      input,
      configuration,
      output: text,
      execution_time: done?.execution_time ?? 0,
      ttft: done?.ttft ?? null,
      token_count: done?.output_token_count ?? 0,
      input_token_total_count: done?.input_token_total_count ?? 0,
      created_at: new Date().toISOString(),
    });
  }
  if (streaming.length === 0 && results.every((r) => r.id > 0)) return results;
  return results.filter((r) => r.id > 0).concat(streaming);
}
