import { ContactForm } from '../components/ContactForm.tsx';
import { Island } from '../lib/island.tsx';
import { useBookingHref, useSite, useT } from '../lib/site-context.tsx';

export function Contact({ requirePhone = false, title, lead }: { requirePhone?: boolean; title?: string; lead?: string }) {
  const t = useT();
  const { shared } = useSite();
  const booking = useBookingHref();
  return (
    <section id="contact" className="section contact" aria-labelledby="contact-title">
      <div className="container contact-grid">
        <div>
          <h2 id="contact-title">{title ?? t('landing.contact.title')}</h2>
          <p>{lead ?? t('landing.contact.lead')}</p>
          <p>
            <a href={booking('contact')} rel="noopener">
              {t('landing.contact.book')}
            </a>
          </p>
        </div>
        <Island name="contact-form">
          <ContactForm requirePhone={requirePhone} />
        </Island>
      </div>
    </section>
  );
}
