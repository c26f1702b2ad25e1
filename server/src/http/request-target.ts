import { isLoopbackHost } from '../config.js';

/** Characters that need no percent-encoding in a path: encoding them only serves to disguise the path. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * Why a request target is not in the one form this server answers, or null when it is. The router matches the decoded
 * path, so `/%61pi/…`, `//api/…`, `/api/./…` or an absolute-form `http://host/api/…` would reach the same handler by
 * another spelling; refusing them keeps every spelling of a route equal to the one the route table names.
 */
export function nonCanonicalTarget(rawUrl: string): string | null {
  if (!rawUrl.startsWith('/')) return 'Absolute-form request targets are not accepted.';
  const queryAt = rawUrl.indexOf('?');
  const pathname = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  if (pathname.includes('//')) return 'Empty path segments are not accepted.';
  if (pathname.includes('\\')) return 'Backslashes are not accepted in paths.';
  if (pathname.split('/').some((segment) => segment === '.' || segment === '..')) {
    return 'Dot segments are not accepted in paths.';
  }
  for (const [escape] of pathname.matchAll(/%[0-9A-Fa-f]{2}/g)) {
    if (UNRESERVED.test(String.fromCharCode(parseInt(escape.slice(1), 16)))) {
      return 'Percent-encoded letters, digits and punctuation that need no encoding are not accepted in paths.';
    }
  }
  return null;
}

/**
 * Whether a Host header names this server: a loopback name (any port: a page must already be on this machine to
 * send one), PUBLIC_URL's host, or an ALLOWED_HOSTS entry (one without a port allows every port). Any other name
 * is what a DNS-rebinding page sends after pointing its own name at this machine.
 */
export function hostAllowed(host: string | undefined, allowed: readonly string[]): boolean {
  if (!host) return false;
  const value = host.toLowerCase();
  const name = value.startsWith('[') ? value.slice(0, value.indexOf(']') + 1) : value.replace(/:\d+$/, '');
  if (isLoopbackHost(name)) return true;
  return allowed.some((entry) => entry === value || entry === name);
}
