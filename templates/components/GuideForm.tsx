import { Honeypot } from './Honeypot.tsx';
import { useSite, useT } from '../lib/site-context.tsx';

/** Lead-magnet sign-up: one e-mail field; the server answers with the thank-you-guide page. */
export function GuideForm({ guide }: { guide: string }) {
  const t = useT();
  const { shared, pageContext } = useSite();
  return (
    <form className="form" method="post" action={`${shared.site.formsEndpoint}/guide`}>
      <input type="hidden" name="locale" value={pageContext.locale} />
      <input type="hidden" name="guide" value={guide} />
      <div className="field">
        <label htmlFor="guide-email">
          {t('forms.guide.email')}
          <span aria-hidden="true"> *</span>
        </label>
        <input id="guide-email" name="email" type="email" autoComplete="email" required />
      </div>
      <Honeypot id="guide" />
      <p className="form-note">{t('forms.guide.note')}</p>
      <button className="button" type="submit">
        {t('forms.guide.submit')}
      </button>
    </form>
  );
}
