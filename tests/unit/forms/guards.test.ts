import { describe, expect, it } from 'vitest';
import { decideCors } from '../../../src/forms/cors.ts';
import { createRateLimiter, detectSpam, thankYouRedirects } from '../../../src/forms/index.ts';
import { thankYouPathOf } from '../../../src/forms/thank-you-redirects.ts';

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
    expect(
      thankYouRedirects({ locales: ['en', 'es'], defaultLocale: 'en', thankYou: { en: 'thank-you', es: 'gracias' }, thankYouGuide: { en: 'thank-you-guide' } }),
    ).toEqual({
      en: { thankYou: '/thank-you/', thankYouGuide: '/thank-you-guide/', thankYouNewsletter: '/thank-you/', thankYouCareers: '/thank-you/', home: '/' },
      es: { thankYou: '/es/gracias/', thankYouGuide: '/es/', thankYouNewsletter: '/es/gracias/', thankYouCareers: '/es/gracias/', home: '/es/' },
    });
  });

  it('sends newsletter and careers posts to their own pages where the site has them', () => {
    const redirects = thankYouRedirects({
      locales: ['en', 'es'],
      defaultLocale: 'en',
      thankYou: { en: 'thank-you', es: 'gracias' },
      thankYouNewsletter: { en: 'thank-you-newsletter', es: 'gracias-newsletter' },
      thankYouCareers: { es: 'gracias-postulacion' },
    });
    expect([redirects.en!.thankYouNewsletter, redirects.en!.thankYouCareers]).toEqual(['/thank-you-newsletter/', '/thank-you/']);
    expect([redirects.es!.thankYouNewsletter, redirects.es!.thankYouCareers]).toEqual(['/es/gracias-newsletter/', '/es/gracias-postulacion/']);
    expect(['contact', 'newsletter', 'careers', 'guide'].map((form) => thankYouPathOf(form, redirects.es!))).toEqual([
      '/es/gracias/',
      '/es/gracias-newsletter/',
      '/es/gracias-postulacion/',
      '/es/',
    ]);
  });

  it('makes them absolute when the site lives on another origin', () => {
    expect(thankYouRedirects({ locales: ['es'], defaultLocale: 'en', siteOrigin: 'https://site.example/x' }).es).toEqual({
      thankYou: 'https://site.example/es/',
      thankYouGuide: 'https://site.example/es/',
      thankYouNewsletter: 'https://site.example/es/',
      thankYouCareers: 'https://site.example/es/',
      home: 'https://site.example/es/',
    });
  });
});
