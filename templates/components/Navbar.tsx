import type { NavLink } from '../../src/shared/page-data.ts';
import { useBookingHref, useHref, useSite, useT } from '../lib/site-context.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { Logo } from './Logo.tsx';

export function Navbar({ links }: { links: NavLink[] }) {
  const t = useT();
  const href = useHref();
  const { shared } = useSite();
  const booking = useBookingHref();
  return (
    <header className="navbar">
      <div className="container navbar-inner">
        <a className="navbar-brand" href={href('home')} aria-label={t('nav.home')}>
          <Logo name={shared.site.name} />
        </a>
        {/* No menu button: on phones the links form a scrollable row, which works without JavaScript. */}
        <nav className="navbar-menu" aria-label={t('nav.main')}>
          <ul>
            {links.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="navbar-actions">
          <LanguageSwitcher />
          <a className="button button-small" href={booking('navbar')} rel="noopener">
            {t('nav.book-call')}
          </a>
        </div>
      </div>
    </header>
  );
}
