import { describe, expect, it } from 'vitest';
import { buildRedirectMap, cloudfrontFunctionCode, parseRedirectRules, type LockEntry } from '../../../src/redirects/index.ts';

// The map of a site with an alias, an old slug from the lock, a splat, an external target and a gone page.
const live: LockEntry[] = [
  { path: '/services/', page: 'services', locale: 'en', file: 'site/pages/services.yaml' },
  { path: '/blog/', page: 'blog', locale: 'en', file: 'site/pages/blog.yaml' },
  { path: '/blog/event-loop/', page: 'post:event-loop', locale: 'en', file: 'site/blog/en/event-loop.md' },
];
const { redirects } = buildRedirectMap({
  live,
  aliases: [{ from: '/what-we-do/', page: 'services', locale: 'en', location: { file: 'site/pages/services.yaml' } }],
  rules: parseRedirectRules({
    file: 'site/redirects.yaml',
    source: 'redirects:\n  - { from: /old-blog/*, to: "/blog/:splat" }\n  - { from: /talks/, to: "https://talks.southbridge.dev/" }\ngone: [/blog/retired/]\n',
  }),
  lock: [...live, { path: '/blog/nodejs-event-loop/', page: 'post:event-loop', locale: 'en', file: 'site/blog/en/event-loop.md' }],
});

type CfRequest = { uri: string; method: string; querystring: Record<string, { value: string; multiValue?: Array<{ value: string }> }>; headers: object };
type CfResponse = { statusCode: number; headers: Record<string, { value: string }> };
// The function's code, run as CloudFront would: a viewer-request event in, a request or a response out.
const handler = new Function(`${cloudfrontFunctionCode(redirects)}\nreturn handler;`)() as (event: { request: CfRequest }) => CfRequest | CfResponse;
const request = (uri: string, querystring: CfRequest['querystring'] = {}): CfRequest => ({ uri, method: 'GET', querystring, headers: {} });

describe('the CloudFront Function made from the map', () => {
  it.each(redirects.filter((r) => !r.from.endsWith('*')).map((r) => [r.from, r.status, r.to]))('%s answers %s', (from, status, to) => {
    const out = handler({ request: request(from) }) as CfResponse;
    expect(out.statusCode).toBe(status);
    expect(out.headers.location?.value).toBe(to);
  });

  it.each([
    ['/what-we-do', {}, '/services/'],
    ['/blog/nodejs-event-loop/', { utm_source: { value: 'newsletter' }, ref: { value: 'a b' } }, '/blog/event-loop/?utm_source=newsletter&ref=a%20b'],
    ['/old-blog/event-loop/', {}, '/blog/event-loop/'],
    ['/old-blog/2019/event-loop/', { tag: { value: 'x', multiValue: [{ value: 'x' }, { value: 'y' }] } }, '/blog/2019/event-loop/?tag=x&tag=y'],
  ] as Array<[string, CfRequest['querystring'], string]>)('%s → %s (query kept)', (uri, qs, location) => {
    const out = handler({ request: request(uri, qs) }) as CfResponse;
    expect(out.statusCode).toBe(301);
    expect(out.headers.location!.value).toBe(location);
  });

  it.each([
    ['/services/', '/services/index.html'],
    ['/blog/event-loop/', '/blog/event-loop/index.html'],
    ['/assets/runtime.ABC123.js', '/assets/runtime.ABC123.js'],
    ['/old-blogs/x/', '/old-blogs/x/index.html'],
  ])('%s goes on to the bucket as %s, its query untouched', (uri, key) => {
    const req = request(uri, { q: { value: '1' } });
    const out = handler({ request: req }) as CfRequest;
    expect(out).toBe(req);
    expect(out.uri).toBe(key);
    expect(out.querystring).toEqual({ q: { value: '1' } });
  });
});
