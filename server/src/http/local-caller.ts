import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import net from 'node:net';

/**
 * Who calls an operator's route (metrics, backup), read from the socket and headers only: these routes check their
 * own secrets, apart from users' sessions and API tokens.
 */
export type Caller = {
  authorization: string | undefined;
  /** The socket's peer address. */
  remoteAddress: string | undefined;
  /** Whether the request carries any header a proxy adds: then it may have come from anywhere. */
  forwarded: boolean;
};

/**
 * Headers that show a proxy passed the request on. A same-host proxy may add only some of them (X-Forwarded-Proto and
 * X-Forwarded-Host but no X-Forwarded-For, say), so any one of them is enough.
 */
const PROXY_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'forwarded', 'x-real-ip', 'via'];

export const callerOf = (request: IncomingMessage): Caller => ({
  authorization: request.headers.authorization,
  remoteAddress: request.socket.remoteAddress,
  forwarded: PROXY_HEADERS.some((name) => request.headers[name] !== undefined),
});

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

/** From this machine and not through a proxy: a proxy on the same host would make every outside request look local. */
export const isDirectLoopback = (caller: Caller) =>
  !caller.forwarded && caller.remoteAddress !== undefined && isLoopbackAddress(caller.remoteAddress);

/** Whether the caller sent `secret` as its Bearer token, compared in constant time. */
export function sendsBearer(caller: Caller, secret: string) {
  const given = /^Bearer (.+)$/i.exec(caller.authorization ?? '')?.[1]?.trim() ?? '';
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  return given !== '' && crypto.timingSafeEqual(digest(given), digest(secret));
}
