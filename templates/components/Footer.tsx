import type { NavLink } from '../../src/shared/page-data.ts';
import { useBookingHref, useHref, useSite, useT } from '../lib/site-context.tsx';
import { Logo } from './Logo.tsx';

export function Footer({ links }: { links: NavLink[] }) {
  const t = useT();
  const { shared } = useSite();
  const booking = useBookingHref();
  const href = useHref();
  const whatsapp = `https://wa.me/${shared.site.whatsappNumber}`;
  return (
    <footer className="footer">
      <div className="container footer-grid">
        <div>
          <Logo name={shared.site.name} />
          <p className="footer-tagline">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.nav-label')}>
          <ul className="footer-links">
            {links.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
            <li>
              <a href={booking('footer')} rel="noopener">
                {t('footer.meet-with-us')}
              </a>
            </li>
          </ul>
        </nav>
        <div className="footer-contact">
          <a className="whatsapp" href={whatsapp} rel="noopener">
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18a8 8 0 0 1-4.1-1.1l-.3-.2-3 .8.8-2.9-.2-.3A8 8 0 1 1 12 20Zm4.4-6c-.2-.1-1.4-.7-1.6-.8s-.4-.1-.5.1-.6.8-.8.9-.3.2-.5.1a6.5 6.5 0 0 1-3.2-2.8c-.2-.4.2-.4.7-1.3a.5.5 0 0 0 0-.4l-.7-1.8c-.2-.5-.4-.4-.5-.4h-.5a.9.9 0 0 0-.7.3 2.8 2.8 0 0 0-.9 2.1 4.9 4.9 0 0 0 1 2.6 11.2 11.2 0 0 0 4.3 3.8c1.6.7 2.2.7 3 .6a2.6 2.6 0 0 0 1.7-1.2 2.1 2.1 0 0 0 .2-1.2c-.1-.1-.2-.2-.5-.3Z"
              />
            </svg>
            <span>
              {t('footer.whatsapp')}
              <small>{t('footer.whatsapp-reply')}</small>
            </span>
          </a>
          <a href={`mailto:${shared.site.contactEmail}`}>{shared.site.contactEmail}</a>
        </div>
      </div>
      <div className="container footer-legal">
        <p>{t('footer.copyright', { year: 2026, name: shared.site.name })}</p>
        {/* The runtime turns this into "reopen the cookie choice"; without JavaScript nothing tracks,
            and the link explains the cookies in the privacy policy instead. */}
        {shared.routes['privacy-policy'] ? (
          <a href={href('privacy-policy', 'cookies')} data-consent-open="">
            {t('cookie-notice.settings')}
          </a>
        ) : (
          <button type="button" className="link-button" data-consent-open="">
            {t('cookie-notice.settings')}
          </button>
        )}
      </div>
    </footer>
  );
}
