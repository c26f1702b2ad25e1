import crypto from 'node:crypto';
import net from 'node:net';

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** 127.0.0.0/8 or ::1, also written as an IPv4-mapped IPv6 address (::ffff:127.0.0.1, as a dual-stack socket says). */
function isLoopbackAddress(address: string) {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return LOOPBACK.check(mapped, 'ipv4');
  const family = net.isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** What decides whether a scrape may read the metrics. */
export type ScrapeRequest = {
  authorization: string | undefined;
  /** The socket's peer address. */
  remoteAddress: string | undefined;
  /** Whether a proxy says it forwarded the request (X-Forwarded-For or Forwarded). */
  forwarded: boolean;
};

/**
 * Metrics are read with METRICS_TOKEN as a Bearer token when one is set; without it only from loopback, and never
 * through a proxy (a proxy on the same host would make every outside request look local). Users' API tokens are
 * not metrics tokens: the route checks this itself, before any session or API-token lookup.
 */
export function scrapeRefusal(
  request: ScrapeRequest,
  token: string | null,
): { status: 401 | 403; detail: string } | null {
  if (token !== null) {
    const given = /^Bearer (.+)$/i.exec(request.authorization ?? '')?.[1]?.trim() ?? '';
    const expected = crypto.createHash('sha256').update(token).digest();
    const actual = crypto.createHash('sha256').update(given).digest();
    return given !== '' && crypto.timingSafeEqual(expected, actual)
      ? null
      : { status: 401, detail: 'Metrics need the METRICS_TOKEN as a Bearer token.' };
  }
  if (!request.forwarded && request.remoteAddress !== undefined && isLoopbackAddress(request.remoteAddress))
    return null;
  return { status: 403, detail: 'Metrics are served to loopback only unless METRICS_TOKEN is set.' };
}
