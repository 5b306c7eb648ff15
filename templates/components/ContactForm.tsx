import { Honeypot } from './Honeypot.tsx';
import { useSite, useT } from '../lib/site-context.tsx';

/** The contact form; a plain POST to the forms endpoint so it works without JavaScript. */
export function ContactForm({ requirePhone = false, id = 'contact' }: { requirePhone?: boolean; id?: string }) {
  const t = useT();
  const { shared, pageContext } = useSite();
  const field = (name: string, label: string, props: Record<string, unknown> & { required?: boolean }) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>
        {label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input id={`${id}-${name}`} name={name} {...props} />
    </div>
  );
  return (
    <form className="form" method="post" action={`${shared.site.formsEndpoint}/contact`}>
      <input type="hidden" name="locale" value={pageContext.locale} />
      <input type="hidden" name="variant" value={requirePhone ? 'staff-augmentation' : 'general'} />
      {field('name', t('landing.contact.name'), { type: 'text', autoComplete: 'name', required: true })}
      {field('email', t('landing.contact.email'), { type: 'email', autoComplete: 'email', required: true })}
      {field('phone', t('landing.contact.phone'), { type: 'tel', autoComplete: 'tel', required: requirePhone })}
      <div className="field">
        <label htmlFor={`${id}-message`}>
          {t('landing.contact.message')}
          <span aria-hidden="true"> *</span>
        </label>
        <textarea id={`${id}-message`} name="message" rows={5} required />
      </div>
      <Honeypot id={id} />
      <p className="form-note">{t('forms.required-note')}</p>
      <button className="button" type="submit">
        {t('landing.contact.submit')}
      </button>
    </form>
  );
}
