import { useBookingHref, useSite, useT } from '../lib/site-context.tsx';

export function BookMeeting() {
  const t = useT();
  const { shared } = useSite();
  const booking = useBookingHref();
  return (
    <section id="book-meeting" className="section section-navy" aria-labelledby="book-title">
      <div className="container book">
        <div>
          <h2 id="book-title">{t('landing.book-meeting.title')}</h2>
          <p className="lead">{t('landing.book-meeting.lead')}</p>
        </div>
        <a className="button" href={booking('book-meeting')} rel="noopener">
          {t('landing.book-meeting.button')}
        </a>
      </div>
    </section>
  );
}
