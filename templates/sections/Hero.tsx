import { useBookingHref, useHref, useSite, useT } from '../lib/site-context.tsx';
import { HeroImage } from './HeroImage.tsx';

export function Hero() {
  const t = useT();
  const href = useHref();
  const { shared } = useSite();
  const booking = useBookingHref();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero-grid">
        <div>
          <p className="eyebrow">{t('landing.hero.eyebrow')}</p>
          <h1 id="hero-title">{t('landing.hero.title')}</h1>
          <p className="lead">{t('landing.hero.lead')}</p>
          <div className="actions">
            <a className="button" href={booking('hero')} rel="noopener">
              {t('landing.hero.primary')}
            </a>
            <a className="button button-ghost" href={href('hire-react-js-experts-24h')}>
              {t('landing.hero.secondary')}
            </a>
          </div>
          <ul className="hero-facts">
            <li>{t('landing.hero.fact-1')}</li>
            <li>{t('landing.hero.fact-2')}</li>
            <li>{t('landing.hero.fact-3')}</li>
          </ul>
        </div>
        <HeroImage />
      </div>
    </section>
  );
}
