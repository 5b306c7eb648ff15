import * as z from 'zod';

/** An old path that now lives at this page (site/urls.lock and site/redirects.yaml say the rest). */
const aliasPath = z.string().regex(/^\/[^\s?#*]*$/, 'expected an old path starting with "/" (no spaces, query, fragment or "*")');

export const seoSchema = z.strictObject({
  title: z.string().min(1),
  description: z.string().min(1),
});

export function pageSchema(locales: string[]) {
  const perLocale = <T extends z.ZodType>(item: T) => z.partialRecord(z.enum(locales as [string, ...string[]]), item);
  return z
    .strictObject({
      template: z.string().regex(/^[a-z0-9-]+$/, 'expected a template name such as "home" (templates/pages/home.tsx)'),
      /** Slug per locale; "" is the home page, a name ending in .html is written as that file. */
      slug: perLocale(z.string().regex(/^[a-z0-9_./-]*$/, 'expected lowercase letters, digits, "-", "_" and "/"')),
      seo: perLocale(seoSchema),
      /** Section previews and utility pages: noindex and out of the sitemap. */
      noindex: z.boolean().default(false),
      sitemap: z.boolean().default(true),
      /** Collections whose items this page's template receives. */
      collections: z.array(z.string()).default([]),
      /** A markdown body per locale, relative to the site folder. */
      markdown: perLocale(z.string()).optional(),
      /** Marks the page that lists blog posts; posts live under its slug. */
      list: z.literal('posts').optional(),
      /** Which of site.yaml's booking links this page's "book a call" buttons open. */
      booking: z.enum(['strategyCall', 'staffAugmentation', 'freePrototype', 'partners']).default('strategyCall'),
      /** Free-form section data; `{en: …, es: …}` leaves are picked per locale. */
      data: z.record(z.string(), z.unknown()).default({}),
      /** Old paths per locale that answer with a 301 to this page. */
      aliases: perLocale(z.array(aliasPath)).optional(),
    })
    .superRefine((page, ctx) => {
      for (const locale of Object.keys(page.slug)) {
        if (!page.seo[locale])
          ctx.addIssue({
            code: 'custom',
            path: ['seo', locale],
            message: `required: the page has a ${locale} slug, so it needs ${locale} title and description`,
          });
      }
      if (!Object.keys(page.slug).length) ctx.addIssue({ code: 'custom', path: ['slug'], message: 'expected a slug for at least one locale' });
    });
}

export type PageSource = z.output<ReturnType<typeof pageSchema>>;

/**
 * A day, YYYY-MM-DD, and one problem per bad value. Hugo writes a time and zone too
 * (`2021-04-25T09:28:11+01:00`, as `hugo new` does): the message names the day to keep.
 */
const isoDate = z.string().superRefine((text, ctx) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const day = /^(\d{4}-\d{2}-\d{2})[T ]\d/.exec(text)?.[1];
    const message = day ? `expected a date written YYYY-MM-DD, without a time: write ${day}` : 'expected a date written YYYY-MM-DD';
    return void ctx.addIssue({ code: 'custom', message });
  }
  const date = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text)
    ctx.addIssue({ code: 'custom', message: 'expected a real calendar date (YYYY-MM-DD)' });
});

export const postFrontMatterSchema = z.strictObject({
  title: z.string().min(1),
  description: z.string().min(1),
  date: isoDate,
  updated: isoDate.optional(),
  tags: z.array(z.string().min(1)).default([]),
  translationKey: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'expected lowercase letters, digits and "-"')
    .optional(),
  draft: z.boolean().default(false),
  /** Old paths that answer with a 301 to this post. */
  aliases: z.array(aliasPath).optional(),
  /** The commit of the source this translation was made from, when git history alone misleads (`agency-site translations`). */
  translatedFrom: z
    .union([z.string(), z.number().transform(String)])
    .pipe(z.string().regex(/^[0-9a-f]{4,40}$/, 'expected a commit id (4 to 40 hexadecimal digits; quote one made only of digits)'))
    .optional(),
});

export type PostFrontMatter = z.output<typeof postFrontMatterSchema>;

/** The front matter fields a blog list or a link to the post shows: editing one moves the post nowhere. */
export const LISTED_POST_FIELDS = ['title', 'description', 'tags', 'updated'] as const satisfies ReadonlyArray<keyof PostFrontMatter>;

export const documentFrontMatterSchema = z.strictObject({
  title: z.string().min(1),
  description: z.string().min(1),
  updated: isoDate.optional(),
  translationKey: z.string().optional(),
  /** The commit of the source this translation was made from, when git history alone misleads (`agency-site translations`). */
  translatedFrom: z
    .union([z.string(), z.number().transform(String)])
    .pipe(z.string().regex(/^[0-9a-f]{4,40}$/, 'expected a commit id (4 to 40 hexadecimal digits; quote one made only of digits)'))
    .optional(),
});

export const collectionSchema = z.strictObject({
  items: z.array(z.record(z.string(), z.unknown()).refine((item) => typeof item.id === 'string', 'every item needs an "id"')),
});

const linkTarget = z.union([
  z.strictObject({
    page: z.string().min(1),
    hash: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .optional(),
  }),
  z.strictObject({ url: z.string().min(1) }),
]);

const navLinkSchema = z.strictObject({
  /** Text per locale, one text for all, or `{ message: key }` from locales/*.yaml. */
  label: z.union([z.string().min(1), z.strictObject({ message: z.string().min(1) }), z.record(z.string(), z.string().min(1))]),
  href: linkTarget,
});

export const navigationSchema = z.strictObject({
  navbar: z.array(navLinkSchema).default([]),
  footer: z.array(navLinkSchema).default([]),
});

export type NavigationSource = z.output<typeof navigationSchema>;
