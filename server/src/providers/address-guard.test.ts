import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AddressGuard, refusedRange } from './address-guard.js';

const hex = (n: number) => n.toString(16);
/** An IPv4 address's two low IPv6 groups, as hex. */
const groups = ([a, b, c, d]: number[]) => `${hex(a! * 256 + b!)}:${hex(c! * 256 + d!)}`;
const octet = fc.integer({ min: 0, max: 255 });

/** IPv4 addresses no endpoint may have: loopback, private, link-local, CGNAT, "this network". */
const refusedIPv4 = fc.oneof(
  fc.tuple(fc.constant(127), octet, octet, octet),
  fc.tuple(fc.constant(10), octet, octet, octet),
  fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), octet, octet),
  fc.tuple(fc.constant(192), fc.constant(168), octet, octet),
  fc.tuple(fc.constant(169), fc.constant(254), octet, octet),
  fc.tuple(fc.constant(100), fc.integer({ min: 64, max: 127 }), octet, octet),
  fc.tuple(fc.constant(0), octet, octet, octet),
);

/** The ways one IPv6 address carrying an IPv4 address is written: compressed or not, dotted or hex, any case. */
function spellings(prefix: number[], ipv4: number[]): string[] {
  const dotted = ipv4.join('.');
  const head = prefix.map(hex);
  const full = [...head, ...Array(6 - head.length).fill('0')].join(':');
  const padded = [...head.map((g) => g.padStart(4, '0')), ...Array(6 - head.length).fill('0000')].join(':');
  const compressed = head.filter((g) => g !== '0').length === 0 ? '' : head.join(':');
  return [
    `${full}:${groups(ipv4)}`,
    `${full}:${dotted}`,
    `${padded}:${groups(ipv4)}`.toUpperCase(),
    `${compressed}::${groups(ipv4)}`,
    `${compressed}::${dotted}`,
  ];
}

describe('refusedRange', () => {
  it.each([
    ['::7f00:1', /IPv4-compatible/],
    ['::127.0.0.1', /IPv4-compatible/],
    ['::8.8.8.8', /IPv4-compatible/],
    ['::', /unspecified/],
    ['::1', /loopback/],
    ['0:0:0:0:0:0:0:1', /loopback/],
    ['::ffff:127.0.0.1', /loopback/],
    ['::ffff:a00:1', /private/],
    ['::ffff:0:7f00:1', /reserved/],
    ['64:ff9b::127.0.0.1', /NAT64 address of 127\.0\.0\.1, a loopback address/],
    ['64:ff9b::a9fe:a9fe', /NAT64 address of 169\.254\.169\.254, a cloud metadata address/],
    ['64:ff9b:1::8.8.8.8', /NAT64/],
    ['100::1', /discard/],
    ['2001::1', /Teredo/],
    ['2001:2::1', /benchmarking/],
    ['2001:db8::1', /documentation/],
    ['2001:10::1', /reserved/],
    ['2002:7f00:1::1', /6to4/],
    ['2002:808:808::1', /6to4/],
    ['fc00::1', /unique-local/],
    ['fd12:3456::1', /unique-local/],
    ['fd00:ec2::254', /cloud metadata/],
    ['fe80::1', /link-local/],
    ['FEBF::1', /link-local/],
    ['fec0::1', /site-local/],
    ['ff02::1', /multicast/],
    ['3fff::1', /documentation/],
    ['5f00::1', /reserved/],
    ['1::1', /outside the global unicast range/],
    ['4000::1', /outside the global unicast range/],
  ])('refuses %s', (address, reason) => {
    expect(refusedRange(address)).toMatch(reason);
  });

  it.each(['8.8.8.8', '2606:4700:4700::1111', '2001:4860:4860::8888', '64:ff9b::8.8.8.8', '64:ff9b::808:808'])(
    'lets the public address %s pass',
    (address) => {
      expect(refusedRange(address)).toBeNull();
    },
  );

  it('refuses every spelling of a refused IPv4 address carried in IPv6 (mapped, compatible, NAT64)', () => {
    fc.assert(
      fc.property(
        refusedIPv4,
        fc.constantFrom<number[]>([0, 0, 0, 0, 0xffff], [0, 0, 0, 0, 0], [0x64, 0xff9b, 0, 0, 0]),
        (ipv4, prefix) => {
          for (const address of spellings(prefix, ipv4)) expect(refusedRange(address), address).not.toBeNull();
        },
      ),
    );
  });

  it('refuses every address of ::/96 (IPv4-compatible), whatever IPv4 address it carries', () => {
    fc.assert(
      fc.property(fc.tuple(octet, octet, octet, octet), (ipv4) => {
        for (const address of spellings([0, 0, 0, 0, 0], ipv4)) expect(refusedRange(address), address).not.toBeNull();
      }),
    );
  });

  it('refuses every IPv6 address outside 2000::/3 but a well-known NAT64 one of a public IPv4 address', () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    const outside = fc
      .tuple(
        fc.oneof(fc.integer({ min: 0, max: 0x1fff }), fc.integer({ min: 0x4000, max: 0xffff })),
        fc.array(group, { minLength: 7, maxLength: 7 }),
      )
      .filter(([high, rest]) => !(high === 0x64 && rest[0] === 0xff9b && rest.slice(1, 5).every((g) => g === 0)));
    fc.assert(
      fc.property(outside, ([high, rest]) => {
        const address = [high, ...rest].map(hex).join(':');
        expect(refusedRange(address), address).not.toBeNull();
      }),
    );
  });

  it('refuses every address of the special-purpose ranges inside 2000::/3', () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    const ranges: [number[], number][] = [
      [[0x2001, 0], 23],
      [[0x2001, 0xdb8], 32],
      [[0x2002], 16],
      [[0x3fff, 0], 20],
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...ranges),
        fc.array(group, { minLength: 8, maxLength: 8 }),
        ([prefix, bits], random) => {
          // Keep the range's first `bits` bits, randomise the rest.
          const parts = random.map((g, i) => {
            const kept = Math.max(0, Math.min(16, bits - i * 16));
            const mask = kept === 0 ? 0 : (0xffff << (16 - kept)) & 0xffff;
            return ((prefix[i] ?? 0) & mask) | (g & ~mask & 0xffff);
          });
          const address = parts.map(hex).join(':');
          expect(refusedRange(address), address).not.toBeNull();
        },
      ),
    );
  });
});

describe('the address guard', () => {
  it.each([
    'http://[::7f00:1]:8080/v1',
    'http://[::127.0.0.1]/v1',
    'http://[0:0:0:0:0:0:7f00:1]/v1',
    'http://[64:ff9b::7f00:1]/',
  ])('refuses %s when private endpoints are not allowed', async (url) => {
    await expect(new AddressGuard(false).check(url)).rejects.toThrow(/Refused: .*ALLOW_PRIVATE_ENDPOINTS=true/);
  });

  it('refuses a name whose resolver answers an IPv4-compatible address, as system resolvers print it', async () => {
    const guard = new AddressGuard(false, async () => [{ address: '::127.0.0.1', family: 6 }]);
    await expect(guard.check('http://compat.example/v1')).rejects.toThrow(
      /compat\.example resolves to ::127\.0\.0\.1, an IPv4-compatible address/,
    );
  });
});
