import type { ApiRequest } from '@promptgrid/contract';

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

/**
 * A streamed piece added to the text so far: `at` is where it starts. 0 restarts the text; a piece past the end
 * means some were missed (the stream opened mid-call), so the text waits for the next restart; an overlap (a piece
 * sent again) is cut off.
 */
export function appendPiece(current: string, at: number, piece: string): string | null {
  if (at > current.length) return null;
  return current.slice(0, at) + piece;
}
