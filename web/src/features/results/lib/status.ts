import {
  CANCELLED_MESSAGE,
  LIMITS,
  TERMINAL_STATUSES,
  type ApiRequest,
  type ApiRequestStatus,
} from '@promptgrid/contract';

export type RunStatus = 'Running' | 'Complete' | 'Partial' | 'Failed' | 'Cancelled';

export const isTerminal = (status: ApiRequestStatus) => TERMINAL_STATUSES.includes(status);

/** A request as the status needs it; `judging`: a judge has yet to score its output (absent in older data: false). */
type StatusOf = Pick<ApiRequest, 'status'> & { judging?: boolean };

/** True when every expected request has ended in SUCCESS or FAILED and no judge is still scoring its output. */
export function allTerminal(requests: StatusOf[], totalRequests: number): boolean {
  return (
    requests.length >= totalRequests && requests.every((request) => isTerminal(request.status) && !request.judging)
  );
}

export type Counts = Record<ApiRequestStatus, number>;

export function countStatuses(requests: Pick<ApiRequest, 'status'>[]): Counts {
  const counts: Counts = { PENDING: 0, IN_PROGRESS: 0, SUCCESS: 0, FAILED: 0 };
  for (const request of requests) counts[request.status] += 1;
  return counts;
}

/**
 * Running while polling; then Complete if all succeeded, Failed if none did, otherwise Partial.
 * `settled` is false while some request is still PENDING or IN_PROGRESS. Polling can stop early on a polling error;
 * the evaluation is then still running on the server, so it stays Running instead of reading as a (false) final
 * Failed or Partial. Only a run whose requests have all ended gets a final status.
 */
export function deriveRunStatus(
  polling: boolean,
  successCount: number,
  totalRequests: number,
  settled = true,
): RunStatus {
  if (polling || !settled) return 'Running';
  if (totalRequests > 0 && successCount >= totalRequests) return 'Complete';
  if (successCount === 0) return 'Failed';
  return 'Partial';
}

/**
 * A run that has ended after a cancel reads 'Cancelled' rather than Complete, Partial or Failed. `cancelled` is what
 * the server says (the metrics of the same poll); a run cached before it said so is known by the requests a cancel
 * ended. Once re-run it reads as any other run again.
 */
export function withCancelled(
  status: RunStatus,
  requests: Pick<ApiRequest, 'status' | 'error_message'>[],
  cancelled: boolean | undefined,
): RunStatus {
  if (status === 'Running') return status;
  const ended = cancelled ?? requests.some((r) => r.status === 'FAILED' && r.error_message === CANCELLED_MESSAGE);
  return ended ? 'Cancelled' : status;
}

/** True when the requests known so far cover the run and have all ended (SUCCESS or FAILED). */
export const isSettled = (requests: StatusOf[], totalRequests: number) =>
  requests.length > 0 && allTerminal(requests, totalRequests);

/** The JSON download shows once polling has stopped and at least one request succeeded. */
export const canDownload = (polling: boolean, successCount: number) => !polling && successCount >= 1;

/** The progress grid has ceil(sqrt(total)) columns, with a default of 4 expected requests. */
export function gridColumns(totalRequests: number | null | undefined): number {
  const total = totalRequests && totalRequests > 0 ? totalRequests : LIMITS.progressGridDefaultTotal;
  return Math.ceil(Math.sqrt(total));
}

/** Dot statuses for the grid: known requests first, PENDING for the ones not yet listed. */
export function progressDots(
  requests: Pick<ApiRequest, 'status'>[],
  totalRequests: number | null | undefined,
): ApiRequestStatus[] {
  const total = Math.max(
    totalRequests && totalRequests > 0 ? totalRequests : LIMITS.progressGridDefaultTotal,
    requests.length,
  );
  const dots: ApiRequestStatus[] = requests.map((request) => request.status);
  while (dots.length < total) dots.push('PENDING');
  return dots;
}

export const STATUS_LABELS: Record<ApiRequestStatus, string> = {
  PENDING: 'Pending',
  IN_PROGRESS: 'In progress',
  SUCCESS: 'Success',
  FAILED: 'Failed',
};

/** Average response time in seconds, to 2 decimals. */
export const formatSeconds = (seconds: number | null | undefined) => `${(seconds ?? 0).toFixed(2)}s`;

/** Outputs that are JSON are shown pretty-printed; anything else as it came. */
export function formatOutput(output: string): { text: string; json: boolean } {
  const trimmed = output.trim();
  if (!(trimmed.startsWith('{') || trimmed.startsWith('['))) return { text: output, json: false };
  try {
    return { text: JSON.stringify(JSON.parse(trimmed), null, 2), json: true };
  } catch {
    return { text: output, json: false };
  }
}
