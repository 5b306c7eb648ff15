import { useSite, useT } from '../lib/site-context.tsx';

/**
 * The cookie choice, rendered with every page and hidden: the runtime (src/client/consent.ts) shows
 * it until a choice is stored, or when the footer's "Cookie settings" is clicked. Accept and Reject
 * share one class, the same size and weight, so neither is the easy way out. With Global Privacy
 * Control the runtime shows the GPC text and the close button instead: the signal counts as Reject.
 */
export function CookieNotice() {
  const t = useT();
  const { shared } = useSite();
  return (
    <div className="cookie-notice" role="region" aria-label={t('cookie-notice.label')} data-cookie-notice="" hidden>
      <p data-consent-text="ask">{t(shared.site.consent === 'notice' ? 'cookie-notice.notice-text' : 'cookie-notice.text')}</p>
      <p data-consent-text="gpc" hidden>
        {t('cookie-notice.gpc')}
      </p>
      <button type="button" className="button button-small" data-consent-choice="accepted" data-consent-text="ask">
        {t('cookie-notice.accept')}
      </button>
      <button type="button" className="button button-small" data-consent-choice="rejected" data-consent-text="ask">
        {t('cookie-notice.reject')}
      </button>
      <button type="button" className="button button-small" data-consent-choice="rejected" data-consent-text="gpc" hidden>
        {t('cookie-notice.close')}
      </button>
    </div>
  );
}
