import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientAddressOf } from '../../../src/forms/create-forms-handler.ts';
import { createRateLimiter } from '../../../src/forms/rate-limiter.ts';
import { FORM_NAMES, validateSubmission } from '../../../src/forms/index.ts';

const request = (xff: string | undefined, peer = '10.0.0.2') =>
  ({ headers: xff === undefined ? {} : { 'x-forwarded-for': xff }, socket: { remoteAddress: peer } }) as never;

describe('the client address behind trusted proxies', () => {
  it.each([
    ['no proxy trusted: the connection', '198.51.100.1, 203.0.113.7', 0, '10.0.0.2'],
    ['one hop (nginx, CloudFront): left of its entry', '198.51.100.1, 203.0.113.7', 1, '203.0.113.7'],
    ['one hop, the client wrote several entries', '1.1.1.1, 2.2.2.2, 203.0.113.7', 1, '203.0.113.7'],
    ['two hops (CloudFront, then nginx)', '198.51.100.1, 203.0.113.7, 130.176.0.5', 2, '203.0.113.7'],
    ['one hop, no header: the connection', undefined, 1, '10.0.0.2'],
    ['a value that is no address: the connection', 'x'.repeat(12_000), 1, '10.0.0.2'],
    ['IPv6', '2001:db8::1', 1, '2001:db8::1'],
  ])('%s', (_name, xff, hops, expected) => expect(clientAddressOf(request(xff), hops)).toBe(expected));

  it('the entries a client writes never choose its address when one hop is trusted', () =>
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.ipV4(), fc.string()), { maxLength: 6 }), fc.ipV4(), (forged, real) => {
        return clientAddressOf(request([...forged, real].join(', ')), 1) === real;
      }),
      { numRuns: 300 },
    ));
});

describe('the rate limiter', () => {
  it('remembers at most maxClients addresses, and still limits each', () => {
    let now = 0;
    const limit = createRateLimiter({ max: 2, windowMs: 60_000, now: () => now, maxClients: 100 });
    for (let i = 0; i < 10_000; i++) limit(`198.51.${i >> 8}.${i & 255}`);
    now = 1;
    expect([limit('203.0.113.9'), limit('203.0.113.9'), limit('203.0.113.9')].map((d) => d.ok)).toEqual([true, true, false]);
  });
});

describe('form schemas under generated input', () => {
  it('answer every object with a result, never an exception, and list errors by field', () =>
    fc.assert(
      fc.property(
        fc.constantFrom(...FORM_NAMES),
        fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 })),
        fc.constantFrom('en', 'es', undefined),
        (form, fields, locale) => {
          const result = validateSubmission(form, fields, locale);
          return result.ok || Object.values(result.errors).every((message) => typeof message === 'string' && message.length > 0);
        },
      ),
      { numRuns: 500 },
    ));
});
