import { useBookingHref, useSite, useT } from '../lib/site-context.tsx';

/** The call-to-action box editors place in markdown with ::cta{kind="strategy-call"}. */
export function CallToAction({ kind = 'strategy-call' }: { kind?: string }) {
  const t = useT();
  const { shared } = useSite();
  const booking = useBookingHref();
  const key = kind === 'newsletter' ? 'cta.newsletter' : 'cta.strategy-call';
  return (
    <aside className="cta-box" aria-label={t(`${key}.title`)}>
      <p className="cta-box-title">{t(`${key}.title`)}</p>
      <p>{t(`${key}.body`)}</p>
      <a className="button" href={kind === 'newsletter' ? '#newsletter' : booking('article-cta')} rel="noopener">
        {t(`${key}.button`)}
      </a>
    </aside>
  );
}
