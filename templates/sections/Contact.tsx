import { ContactForm } from '../components/ContactForm.tsx';
import { useSite, useT } from '../lib/site-context.tsx';
import { Island } from '../lib/island.tsx';

export function Contact({ requirePhone = false, title, lead }: { requirePhone?: boolean; title?: string; lead?: string }) {
  const t = useT();
  const { shared } = useSite();
  return (
    <section id="contact" className="section contact" aria-labelledby="contact-title">
      <div className="container contact-grid">
        <div>
          <h2 id="contact-title">{title ?? t('landing.contact.title')}</h2>
          <p>{lead ?? t('landing.contact.lead')}</p>
          <p>
            <a href={shared.site.bookingUrl} rel="noopener">
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
