import { useSite, useT } from '../lib/site-context.tsx';

/** Links to this page in the other languages; only languages that have the page are offered. */
export function LanguageSwitcher() {
  const { pageContext } = useSite();
  const t = useT();
  const others = pageContext.alternates.filter((a) => a.locale !== pageContext.locale);
  if (!others.length) return null;
  return (
    <ul className="language-switcher" aria-label={t('nav.language')}>
      {others.map((a) => (
        <li key={a.locale}>
          <a href={a.path} hrefLang={a.locale} lang={a.locale}>
            {a.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
