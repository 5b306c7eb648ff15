import { useBookingHref, useSite, useT } from '../lib/site-context.tsx';

/** The "learn more" section: how an engagement starts, told in five short beats instead of a video. */
export function LearnMore() {
  const t = useT();
  const { shared } = useSite();
  const booking = useBookingHref();
  return (
    <section id="learn-more" className="section" aria-labelledby="learn-title">
      <div className="container two-col">
        <div>
          <h2 id="learn-title">{t('landing.learn-more.title')}</h2>
          <p className="lead">{t('landing.learn-more.lead')}</p>
          <a className="button" href={booking('learn-more')} rel="noopener">
            {t('landing.book-meeting.button')}
          </a>
        </div>
        <ol className="steps">
          {[1, 2, 3, 4, 5].map((n) => (
            <li key={n}>{t(`landing.learn-more.beat-${n}`)}</li>
          ))}
        </ol>
      </div>
    </section>
  );
}
