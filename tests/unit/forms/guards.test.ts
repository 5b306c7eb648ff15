import { describe, expect, it } from 'vitest';
import { decideCors } from '../../../src/forms/cors.ts';
import { createRateLimiter, detectSpam, thankYouRedirects } from '../../../src/forms/index.ts';

describe('detectSpam', () => {
  const now = 1_000_000;
  it.each([
    [{ website: 'http://x' }, 'honeypot'],
    [{ website: '   ' }, null],
    [{ website: '' }, null],
    [{ startedAt: String(now - 1000) }, 'too-fast'],
    [{ startedAt: String(now - 3000) }, null],
    [{ startedAt: new Date(now - 500).toISOString() }, 'too-fast'],
    [{ startedAt: String(now + 60_000) }, null],
    [{ startedAt: 'soon' }, null],
    [{}, null],
  ])('%j → %s', (fields, reason) => expect(detectSpam({ fields, now })).toBe(reason));

  it('uses the configured minimum fill time', () => {
    expect(detectSpam({ fields: { startedAt: String(now - 4000) }, now, minFillMs: 5000 })).toBe('too-fast');
  });
});

describe('createRateLimiter', () => {
  it('allows max per window and key, then tells how long to wait', () => {
    let t = 0;
    const take = createRateLimiter({ max: 2, windowMs: 60_000, now: () => t });
    expect(take('a')).toEqual({ ok: true });
    expect(take('a')).toEqual({ ok: true });
    expect(take('b')).toEqual({ ok: true });
    t = 15_000;
    expect(take('a')).toEqual({ ok: false, retryAfterSeconds: 45 });
    t = 60_000;
    expect(take('a')).toEqual({ ok: true });
  });
});

describe('decideCors', () => {
  const site = 'https://site.example';
  it.each([
    [undefined, 'none'],
    [site, 'allowed'],
    ['https://evil.example', 'denied'],
    ['null', 'denied'],
    ['http://forms.local:8787', 'allowed'],
  ])('origin %s is %s', (origin, kind) => {
    expect(decideCors({ origin, allowedOrigin: site, host: 'forms.local:8787' }).kind).toBe(kind);
  });
});

describe('thankYouRedirects', () => {
  it('localizes the thank-you pages and falls back to the home of a locale without them', () => {
    expect(thankYouRedirects({ locales: ['en', 'es'], defaultLocale: 'en', thankYou: { en: 'thank-you', es: 'gracias' }, thankYouGuide: { en: 'thank-you-guide' } })).toEqual({
      en: { thankYou: '/thank-you/', thankYouGuide: '/thank-you-guide/', home: '/' },
      es: { thankYou: '/es/gracias/', thankYouGuide: '/es/', home: '/es/' },
    });
  });

  it('makes them absolute when the site lives on another origin', () => {
    expect(thankYouRedirects({ locales: ['es'], defaultLocale: 'en', siteOrigin: 'https://site.example/x' }).es).toEqual({
      thankYou: 'https://site.example/es/',
      thankYouGuide: 'https://site.example/es/',
      home: 'https://site.example/es/',
    });
  });
});
