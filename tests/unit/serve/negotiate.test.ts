import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRequestPath } from '../../../src/serve/static-handler.ts';
import { etagMatches, parseRange, pickEncoding } from '../../../src/serve/negotiate.ts';
import { isForbiddenAddress } from '../../../src/serve/index.ts';

// Generated input is bounded (numRuns) so the suite stays fast; fast-check prints the seed and the
// shrunk counterexample of a failure, which `fc.assert(…, { seed })` replays.
const RUNS = { numRuns: 300 };

describe('pickEncoding', () => {
  it.each([
    [undefined, undefined],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0', undefined],
    ['gzip;q=0.5, br;q=0.4', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', undefined],
    ['BR;Q=1', 'br'],
  ])('%s → %s', (header, expected) => expect(pickEncoding(header)).toBe(expected));

  it('never picks an encoding the header gives q=0', () =>
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom('br', 'gzip'),
        (rest, name) => pickEncoding(`${rest},${name};q=0`) !== name || new RegExp(`(^|,)\\s*${name}\\s*(,|$)`, 'i').test(rest),
      ),
      RUNS,
    ));
});

describe('etagMatches', () => {
  it.each([
    ['"a"', 'W/"a"', true],
    ['"x", W/"a"', 'W/"a"', true],
    ['W/"x" , "a"', 'W/"a"', true],
    ['"x", "y"', 'W/"a"', false],
    ['*', 'W/"a"', true],
    [undefined, 'W/"a"', false],
  ])('If-None-Match %s against %s → %s', (header, etag, expected) => expect(etagMatches(header, etag)).toBe(expected));
});

describe('parseRange', () => {
  it.each([
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=50-500', 100, { start: 50, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=5-2', 100, undefined],
    ['bytes=0-1,5-6', 100, undefined],
    ['items=0-1', 100, undefined],
    [undefined, 100, undefined],
  ])('%s of %i bytes → %o', (header, size, expected) => expect(parseRange(header, size)).toEqual(expected));

  it('always answers a range inside the file, or none, or unsatisfiable', () =>
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.tuple(fc.nat(), fc.nat()).map(([a, b]) => `bytes=${a}-${b}`),
        ),
        fc.nat(10_000),
        (header, size) => {
          const range = parseRange(header, size);
          return range === undefined || range === 'unsatisfiable' || (range.start >= 0 && range.start <= range.end && range.end < size);
        },
      ),
      RUNS,
    ));
});

describe('resolveRequestPath', () => {
  it('never resolves a request path outside the root, however it is spelled', () =>
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('..', '.', '%2e%2e', '%2E.', 'a', '%2f', '/', '\\', '%5c', '%00', 'é', '%', '//', 'out'), { maxLength: 12 }),
        (parts) => {
          const resolved = resolveRequestPath('/srv/out', `/${parts.join('/')}`);
          return resolved === undefined || resolved === '/srv/out' || resolved.startsWith('/srv/out/');
        },
      ),
      { numRuns: 1000 },
    ));
});

describe("the proxy's address check", () => {
  it('refuses every loopback, private, link-local and mapped spelling, and anything that is not an address', () => {
    const forbidden = fc.oneof(
      fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([a, b, c]) => `127.${a}.${b}.${c}`),
      fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([a, b, c]) => `10.${a}.${b}.${c}`),
      fc.tuple(fc.nat(255), fc.nat(255)).map(([a, b]) => `169.254.${a}.${b}`),
      fc.tuple(fc.nat(255), fc.nat(255)).map(([a, b]) => `::ffff:192.168.${a}.${b}`),
      fc.string().filter((s) => !/^[\d.:a-f]+$/i.test(s)),
    );
    fc.assert(
      fc.property(forbidden, (address) => isForbiddenAddress(address)),
      RUNS,
    );
  });
});
