import * as z from 'zod';
import { isSiteOrigin, SITE_ORIGIN_EXPECTED } from './base-url.ts';

const localeCode = z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'expected a language code such as "en" or "es"');

const localeSettings = z.strictObject({
  /** og:locale value, with an underscore (en_US). */
  ogLocale: z.string().regex(/^[a-z]{2}_[A-Z]{2}$/, 'expected a value like "en_US" (underscore, region in capitals)'),
  /** Name of the language in itself, for the language switcher. */
  label: z.string().min(1),
  /** BCP 47 tag for dates and numbers (es-AR). */
  dateLocale: z.string().min(2),
});

export const siteConfigSchema = z
  .strictObject({
    name: z.string().min(1),
    baseUrl: z
      .url({ protocol: /^https?$/ })
      .refine(isSiteOrigin, SITE_ORIGIN_EXPECTED)
      .transform((u) => u.replace(/\/+$/, '')),
    defaultLocale: localeCode,
    locales: z.record(localeCode, localeSettings).refine((m) => Object.keys(m).length > 0, 'expected at least one locale'),
    analytics: z
      .strictObject({
        googleAnalyticsId: z
          .string()
          .regex(/^G-[A-Z0-9]+$/, 'expected a GA4 measurement id like "G-ABC123"')
          .nullable()
          .default(null),
        metaPixelId: z.string().regex(/^\d+$/, 'expected the numeric pixel id').nullable().default(null),
      })
      .default({ googleAnalyticsId: null, metaPixelId: null }),
    // opt-in by default: no tracker loads before the visitor accepts (GDPR, and what the privacy policy says).
    consent: z.enum(['notice', 'opt-in']).default('opt-in'),
    /** One scheduling link per purpose, so the agency knows what a booking is about. */
    booking: z.strictObject({
      strategyCall: z.url({ protocol: /^https$/ }),
      staffAugmentation: z.url({ protocol: /^https$/ }),
      freePrototype: z.url({ protocol: /^https$/ }),
      partners: z.url({ protocol: /^https$/ }),
    }),
    whatsapp: z.strictObject({ number: z.string().regex(/^\d{8,15}$/, 'expected the international number, digits only') }),
    contactEmail: z.email(),
    forms: z.strictObject({ endpoint: z.string().min(1) }),
    images: z
      .strictObject({
        contentMaxWidth: z.int().positive().default(650),
        wideMaxWidth: z.int().positive().default(1170),
        quality: z.int().min(1).max(100).default(80),
        /** Draw a 1200×630 Open Graph card for every indexed page from its title. */
        socialCards: z.boolean().default(true),
        /** Hosts whose images markdown may show as they are (not published from this site); the CSP allows them for images. */
        remoteHosts: z.array(z.string().regex(/^[a-z0-9.-]+$/, 'expected a host name such as "images.example.com"')).default([]),
      })
      .default({ contentMaxWidth: 650, wideMaxWidth: 1170, quality: 80, socialCards: true, remoteHosts: [] }),
    prefetch: z
      .strictObject({
        firstDelayMs: z.int().nonnegative().default(3000),
        batchSize: z.int().positive().default(4),
        intervalMs: z.int().nonnegative().default(3000),
      })
      .default({ firstDelayMs: 3000, batchSize: 4, intervalMs: 3000 }),
    thirdPartyAllowlist: z.array(z.url({ protocol: /^https$/ })).default([]),
    blog: z
      .strictObject({
        postsPerPage: z.int().positive().default(10),
        /** How many of the newest posts each locale's Atom feed lists: a reader polls it, so it stays small however long the blog grows. */
        feedEntries: z.int().positive().default(20),
        /** A post with no translation in a language: listed there, marked and linked to its own language (`show`), or left out (`hide`). */
        fallback: z.enum(['show', 'hide']).default('show'),
      })
      .default({ postsPerPage: 10, feedEntries: 20, fallback: 'show' }),
    /** Hosts whose iframes in markdown render as click-to-load embeds; any other iframe is removed with a warning. */
    embeds: z
      .strictObject({
        hosts: z.array(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'expected a host name such as "www.youtube-nocookie.com"')).default([]),
      })
      .default({ hosts: [] }),
    /** Defaults of `agency-site deploy`; its flags override them. Credentials never live here. */
    deploy: z
      .strictObject({
        target: z
          .string()
          .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/, 'expected s3://<bucket>[/<prefix>]')
          .optional(),
        endpoint: z.url({ protocol: /^https?$/ }).optional(),
        region: z
          .string()
          .regex(/^[a-z][a-z0-9-]*$/, 'expected a region such as "us-east-1"')
          .optional(),
        cloudfront: z
          .string()
          .regex(/^[A-Z0-9]{8,20}$/, 'expected a CloudFront distribution id such as "E2QWRUHAPOMQZL"')
          .optional(),
        maxDeletes: z.int().nonnegative().optional(),
        keepAssets: z.number().nonnegative().optional(),
      })
      .optional(),
  })
  .superRefine((cfg, ctx) => {
    if (!(cfg.defaultLocale in cfg.locales)) {
      ctx.addIssue({
        code: 'custom',
        path: ['defaultLocale'],
        message: `"${cfg.defaultLocale}" is not one of the locales (${Object.keys(cfg.locales).join(', ')})`,
      });
    }
  });

export type SiteSettings = z.output<typeof siteConfigSchema>;

const claim = z.union([z.number(), z.string().min(1)]);

/**
 * Every business claim of the spec. Each is required so that copy can rely on it;
 * extra namespaces are allowed for new claims.
 */
export const constantsSchema = z
  .looseObject({
    claims: z.looseObject({
      trialDays: z.int().positive(),
      trialWeeks: z.int().positive(),
      savingsPercent: z.int().min(1).max(99),
      matchHours: z.int().positive(),
      matchProfiles: z.int().positive(),
      prototypeHours: z.int().positive(),
      foundersPerWeek: z.int().positive(),
      yearsInBusiness: z.int().positive(),
      appsShipped: z.int().positive(),
      arPurchaseLiftPercent: z.int().positive(),
      whatsappReplyHours: z.int().positive(),
      strategyCallMinutes: z.int().positive(),
      guidePages: z.int().positive(),
      usersBefore: claim,
      usersAfter: claim,
      replyBusinessDays: z.int().positive(),
    }),
    careers: z.looseObject({
      applicationReplyDays: z.int().positive(),
      engineeringPtoDays: z.int().positive(),
      marketingVacationDaysFirstYear: z.int().positive(),
      englishLevel: z.looseObject({
        engineering: z.enum(['B1', 'B2', 'C1', 'C2']),
        android: z.enum(['B1', 'B2', 'C1', 'C2']),
        staffAugmentation: z.enum(['B1', 'B2', 'C1', 'C2']),
        marketing: z.enum(['B1', 'B2', 'C1', 'C2']),
        videoEditor: z.enum(['B1', 'B2', 'C1', 'C2']),
      }),
      videoEditor: z.looseObject({
        videosPerDayMin: z.int().positive(),
        videosPerDayMax: z.int().positive(),
        lengthSecondsMin: z.int().positive(),
        lengthMinutesMax: z.int().positive(),
        aspectRatio: z.string().min(3),
      }),
    }),
    /** UTC offsets and the gaps the copy states; the gaps must follow from the offsets (checked below). */
    timeZones: z.strictObject({
      buenosAiresUtcOffset: z.int(),
      newYorkUtcOffsetSummer: z.int(),
      newYorkUtcOffsetWinter: z.int(),
      sanFranciscoUtcOffsetSummer: z.int(),
      sanFranciscoUtcOffsetWinter: z.int(),
      aheadOfNewYorkMin: z.int(),
      aheadOfNewYorkMax: z.int(),
      aheadOfSanFranciscoMin: z.int(),
      aheadOfSanFranciscoMax: z.int(),
    }),
    /** Phrases whose numbers are not claims (a law's number, a chapter): the numbers check lets them through. */
    plainNumbers: z.array(z.strictObject({ pattern: z.string().min(1), why: z.string().min(1) })).default([]),
    /** Patterns that find a claim stated in built text; the claims test compares each match with its constant. */
    detectors: z
      .array(
        z.strictObject({
          constant: z.string().min(1),
          pattern: z.string().min(1),
        }),
      )
      .default([]),
  })
  .superRefine(({ timeZones: tz }, ctx) => {
    const gaps: Array<[keyof typeof tz, number]> = [
      ['aheadOfNewYorkMin', tz.buenosAiresUtcOffset - tz.newYorkUtcOffsetSummer],
      ['aheadOfNewYorkMax', tz.buenosAiresUtcOffset - tz.newYorkUtcOffsetWinter],
      ['aheadOfSanFranciscoMin', tz.buenosAiresUtcOffset - tz.sanFranciscoUtcOffsetSummer],
      ['aheadOfSanFranciscoMax', tz.buenosAiresUtcOffset - tz.sanFranciscoUtcOffsetWinter],
    ];
    for (const [key, gap] of gaps) {
      if (tz[key] !== gap) ctx.addIssue({ code: 'custom', path: ['timeZones', key], message: `expected ${gap}, the difference of the UTC offsets above` });
    }
  });

export type Constants = z.output<typeof constantsSchema>;
