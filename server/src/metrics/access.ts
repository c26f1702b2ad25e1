import { isDirectLoopback, sendsBearer, type Caller } from '../http/local-caller.js';

/**
 * Metrics are read with METRICS_TOKEN as a Bearer token when one is set; without it only from loopback, and never
 * through a proxy. Users' API tokens are not metrics tokens: the route checks this itself, before any session or
 * API-token lookup.
 */
export function scrapeRefusal(caller: Caller, token: string | null): { status: 401 | 403; detail: string } | null {
  if (token !== null)
    return sendsBearer(caller, token)
      ? null
      : { status: 401, detail: 'Metrics need the METRICS_TOKEN as a Bearer token.' };
  if (isDirectLoopback(caller)) return null;
  return { status: 403, detail: 'Metrics are served to loopback only unless METRICS_TOKEN is set.' };
}
