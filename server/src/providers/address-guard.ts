import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { fetchThrough, isTextRequest, providerAgents } from './fetch.js';
import { EndpointRefusedError } from './types.js';

/** Where cloud instances read their own credentials; named apart so the refusal says what it protects. */
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

const RANGE_NAMES: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  linkLocal: 'a link-local address',
  uniqueLocal: 'a unique-local address',
  carrierGradeNat: 'a carrier-grade NAT (CGNAT) address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
  deprecatedSiteLocal: 'a site-local address',
  discard: 'a discard-only address',
  '6to4': 'a 6to4 address',
  teredo: 'a Teredo address',
  rfc6052: 'a NAT64 address',
  reserved: 'a reserved or documentation address',
};

const ALLOW_HINT = 'Addresses inside private networks are refused unless the server sets ALLOW_PRIVATE_ENDPOINTS=true.';

/** IANA's global unicast space: every other IPv6 address is reserved, special-purpose or not yet allocated. */
const GLOBAL_UNICAST: [ipaddr.IPv6, number] = [ipaddr.IPv6.parse('2000::'), 3];
/** The well-known NAT64 prefix: what a DNS64 resolver answers for an IPv4-only name on an IPv6-only network. */
const NAT64_WELL_KNOWN: [ipaddr.IPv6, number] = [ipaddr.IPv6.parse('64:ff9b::'), 96];

/** The IPv4 address in the last 32 bits of an IPv6 address (NAT64 and IPv4-compatible addresses carry it there). */
const embeddedIPv4 = (address: ipaddr.IPv6) => new ipaddr.IPv4(address.toByteArray().slice(12));

function refusedIPv6(address: ipaddr.IPv6): string | null {
  if (METADATA_ADDRESSES.has(address.toString())) return 'a cloud metadata address';
  // A NAT64 address reaches the IPv4 address it carries, so that address decides.
  if (address.match(NAT64_WELL_KNOWN)) {
    const ipv4 = embeddedIPv4(address);
    const refused = refusedIPv4(ipv4);
    return refused && `a NAT64 address of ${ipv4.toString()}, ${refused}`;
  }
  const range = address.range();
  if (range !== 'unicast') return RANGE_NAMES[range] ?? `a reserved address (${range})`;
  if (!address.match(GLOBAL_UNICAST)) {
    const [high, ...rest] = address.parts;
    return high === 0 && rest.slice(0, 5).every((part) => part === 0)
      ? `an IPv4-compatible address (::${embeddedIPv4(address).toString()})`
      : 'a reserved address (outside the global unicast range 2000::/3)';
  }
  return null;
}

function refusedIPv4(address: ipaddr.IPv4): string | null {
  if (METADATA_ADDRESSES.has(address.toString())) return 'a cloud metadata address';
  const range = address.range();
  return range === 'unicast' ? null : (RANGE_NAMES[range] ?? `a reserved address (${range})`);
}

/**
 * An IPv6 address as the URL parser writes it. ipaddr.js reads a dotted tail after `::` as IPv4-mapped (::8.8.8.8 as
 * ::ffff:8.8.8.8), though it is the IPv4-compatible ::808:808, and system resolvers print those with a dotted tail.
 */
function canonicalIPv6(address: string): string {
  const url = `http://[${address}]/`;
  return URL.canParse(url) ? new URL(url).hostname.slice(1, -1) : address;
}

/**
 * Why an address may not be called, or null when it may: only public unicast addresses pass. IPv4-mapped IPv6
 * (::ffff:127.0.0.1) is read as the IPv4 address it carries, and so is a well-known NAT64 address (64:ff9b::/96);
 * every other special-purpose range of IANA's registries is refused (loopback, private, link-local, unique-local,
 * CGNAT, IPv4-compatible ::/96, 6to4, Teredo, documentation, site-local, multicast, ...), as is any IPv6 address
 * outside the global unicast range 2000::/3.
 */
export function refusedRange(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.process(address.includes(':') ? canonicalIPv6(address) : address);
  return parsed.kind() === 'ipv4' ? refusedIPv4(parsed as ipaddr.IPv4) : refusedIPv6(parsed as ipaddr.IPv6);
}

const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;
const systemResolve: Resolve = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * The server-side request forgery guard of users' endpoints. An endpoint's host is resolved and refused when any of its
 * addresses is not a public one, when the endpoint is saved and again at every connection (a DNS answer can change
 * between the two): the guard's `lookup` is the one the connection itself uses, so the socket goes to the address
 * that was checked and a second, rebinding answer never gets a say. Redirects are never followed. With
 * `allowPrivate` (ALLOW_PRIVATE_ENDPOINTS) every address passes, so a local Ollama can be reached.
 */
export class AddressGuard {
  private readonly resolve: Resolve;

  constructor(
    readonly allowPrivate: boolean,
    resolve?: Resolve,
  ) {
    this.resolve = resolve ?? systemResolve;
  }

  /** Throws EndpointRefusedError when the URL's host is, or resolves to, an address that may not be called. */
  async check(url: string): Promise<void> {
    if (this.allowPrivate) return;
    const hostname = bare(new URL(url).hostname);
    const addresses = ipaddr.isValid(hostname)
      ? [hostname]
      : (await this.resolveOrRefuse(hostname)).map((a) => a.address);
    this.refuseAny(hostname, addresses);
  }

  private async resolveOrRefuse(hostname: string) {
    try {
      return await this.resolve(hostname);
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'no answer';
      throw new EndpointRefusedError(`The host ${hostname} could not be resolved (${code}).`);
    }
  }

  private refuseAny(hostname: string, addresses: string[]) {
    for (const address of addresses) {
      const range = refusedRange(address);
      if (range === null) continue;
      const what = hostname === address ? `${address} is` : `${hostname} resolves to ${address},`;
      throw new EndpointRefusedError(`Refused: ${what} ${range}. ${ALLOW_HINT}`);
    }
  }

  /** The resolver a connection uses: it checks every address of the answer before the socket connects to one. */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    this.resolveOrRefuse(hostname)
      .then((addresses) => {
        this.refuseAny(
          hostname,
          addresses.map((a) => a.address),
        );
        const usable = options.family ? addresses.filter((a) => a.family === options.family) : addresses;
        const [first] = usable;
        if (!first) throw new EndpointRefusedError(`The host ${hostname} has no usable address.`);
        if (options.all) callback(null, usable);
        else callback(null, first.address, first.family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, '', 0));
  };

  /**
   * The `fetch` an endpoint's SDK client is given: the provider transport (reply size limits included) on agents that
   * resolve through the guard's lookup. An IP address in the URL is checked here, as no lookup happens for it. A
   * redirect is refused rather than followed: its target was never checked.
   */
  fetch(): typeof fetch {
    const agents = providerAgents(this.allowPrivate ? undefined : this.lookup);
    const send = fetchThrough(agents);
    return async (input, init = {}) => {
      if (!isTextRequest(input, init)) throw new EndpointRefusedError('Only JSON requests are sent to an endpoint.');
      const url = String(input);
      const hostname = bare(new URL(url).hostname);
      if (!this.allowPrivate && ipaddr.isValid(hostname)) this.refuseAny(hostname, [hostname]);
      const response = await send(url, init);
      if (response.status >= 300 && response.status < 400) {
        const location = response.headers.get('location');
        const target = location ? ` to ${location}` : '';
        throw new EndpointRefusedError(
          `Refused: the endpoint answered with a redirect (${response.status})${target}; redirects are not followed.`,
        );
      }
      return response;
    };
  }
}
