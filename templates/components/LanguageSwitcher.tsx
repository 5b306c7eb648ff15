import { useSite, useT } from '../lib/site-context.tsx';

/**
 * Links to this page in the other languages. A language the page has no translation in gets a
 * link to its blog (a post) or home page, saying so: a switch never leads to a 404.
 */
export function LanguageSwitcher() {
  const { pageContext } = useSite();
  const t = useT();
  const others = pageContext.alternates.filter((a) => a.locale !== pageContext.locale);
  const untranslated = pageContext.untranslated ?? [];
  if (!others.length && !untranslated.length) return null;
  return (
    <ul className="language-switcher" aria-label={t('nav.language')}>
      {others.map((a) => (
        <li key={a.locale}>
          <a href={a.path} hrefLang={a.locale} lang={a.locale}>
            {a.label}
          </a>
        </li>
      ))}
      {untranslated.map((a) => (
        <li key={a.locale}>
          <a href={a.path} hrefLang={a.locale}>
            <span lang={a.locale}>{a.label}</span> <small className="language-switcher-note">({t(`nav.untranslated.${a.to}`)})</small>
          </a>
        </li>
      ))}
    </ul>
  );
}
