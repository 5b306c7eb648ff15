import type { NavLink } from '../../src/shared/page-data.ts';
import { useBookingHref, useHref, useSite, useT } from '../lib/site-context.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { Logo } from './Logo.tsx';

export function Navbar({ links }: { links: NavLink[] }) {
  const t = useT();
  const href = useHref();
  const { shared } = useSite();
  const booking = useBookingHref();
  const items = links.map((link) => (
    <li key={link.href}>
      <a href={link.href}>{link.label}</a>
    </li>
  ));
  return (
    <header className="navbar">
      <div className="container navbar-inner">
        <a className="navbar-brand" href={href('home')} aria-label={t('nav.home')}>
          <Logo name={shared.site.name} />
        </a>
        {/* Wide screens: the links in a row. Narrower ones get the menu below; CSS shows one of the two. */}
        <nav className="navbar-menu" aria-label={t('nav.main')}>
          <ul>{items}</ul>
        </nav>
        <div className="navbar-actions">
          <LanguageSwitcher />
          <a className="button button-small navbar-book" href={booking('navbar')} rel="noopener">
            {t('nav.book-call')}
          </a>
          {/* A <details> menu opens and closes without JavaScript; the runtime adds Escape and closing on a choice. */}
          <details className="navbar-toggle">
            <summary>
              <svg className="navbar-toggle-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path className="navbar-toggle-open" d="M3 6h18M3 12h18M3 18h18" />
                <path className="navbar-toggle-close" d="M5 5l14 14M19 5L5 19" />
              </svg>
              <span className="navbar-toggle-label">{t('nav.menu')}</span>
            </summary>
            <nav className="navbar-panel" aria-label={t('nav.main')}>
              <ul>{items}</ul>
              <a className="button" href={booking('navbar')} rel="noopener">
                {t('nav.book-call')}
              </a>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
