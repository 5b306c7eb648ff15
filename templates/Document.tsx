import type { DocumentProps } from '../src/shared/template-contract.ts';

/** "Title | Site", unless the site name would push the title past what search results show (60). */
export function documentTitle(title: string, siteName: string): string {
  const full = `${title} | ${siteName}`;
  return title.includes(siteName) || full.length > 60 ? title : full;
}

/** The HTML document around every page: head tags decided by the plan, the rendered page in #root. */
export default function Document({
  lang,
  head,
  siteName,
  stylesheets,
  scripts,
  modulePreloads,
  runtimeConfig,
  structuredData,
  bodyHtml,
  hydration,
}: DocumentProps) {
  const title = documentTitle(head.title, siteName);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={head.description} />
        {head.noindex ? <meta name="robots" content="noindex, follow" /> : null}
        <link rel="canonical" href={head.canonical} />
        {head.alternates.map((a) => (
          <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />
        ))}
        <meta property="og:type" content={head.ogType} />
        <meta property="og:site_name" content={siteName} />
        <meta property="og:title" content={head.title} />
        <meta property="og:description" content={head.description} />
        <meta property="og:url" content={head.canonical} />
        <meta property="og:locale" content={head.ogLocale} />
        {head.ogLocaleAlternates.map((l) => (
          <meta key={l} property="og:locale:alternate" content={l} />
        ))}
        {head.ogImage ? (
          <>
            <meta property="og:image" content={head.ogImage.url} />
            <meta property="og:image:width" content={String(head.ogImage.width)} />
            <meta property="og:image:height" content={String(head.ogImage.height)} />
            <meta name="twitter:card" content="summary_large_image" />
          </>
        ) : (
          <meta name="twitter:card" content="summary" />
        )}
        <meta name="theme-color" content="#0f1b2d" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {head.feed ? <link rel="alternate" type="application/atom+xml" title={head.feed.title} href={head.feed.href} /> : null}
        <meta name="agency-site-config" content={runtimeConfig} />
        {scripts.map((src) => (
          <link key={src} rel="modulepreload" href={src} />
        ))}
        {modulePreloads.map((src) => (
          <link key={src} rel="modulepreload" href={src} />
        ))}
        {stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {structuredData.map((data, i) => (
          <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />
        ))}
      </head>
      <body>
        <div id="root" data-hydration={hydration} dangerouslySetInnerHTML={{ __html: bodyHtml }} />
        {scripts.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
      </body>
    </html>
  );
}
