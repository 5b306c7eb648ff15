import { Honeypot } from './Honeypot.tsx';
import { useSite, useT } from '../lib/site-context.tsx';

/** The application form: a multipart POST with the CV, so it works without JavaScript. */
export function CareersForm({ role }: { role: string }) {
  const t = useT();
  const { shared, pageContext } = useSite();
  const required = <span aria-hidden="true"> *</span>;
  return (
    <form className="form" method="post" action={`${shared.site.formsEndpoint}/careers`} encType="multipart/form-data">
      <input type="hidden" name="locale" value={pageContext.locale} />
      <input type="hidden" name="role" value={role} />
      <div className="field">
        <label htmlFor="apply-name">
          {t('forms.careers.name')}
          {required}
        </label>
        <input id="apply-name" name="name" type="text" autoComplete="name" required />
      </div>
      <div className="field">
        <label htmlFor="apply-email">
          {t('forms.careers.email')}
          {required}
        </label>
        <input id="apply-email" name="email" type="email" autoComplete="email" required />
      </div>
      <div className="field">
        <label htmlFor="apply-english">{t('forms.careers.english')}</label>
        <select id="apply-english" name="englishLevel" defaultValue="">
          <option value="">{t('forms.careers.english-choose')}</option>
          {['B1', 'B2', 'C1', 'C2'].map((level) => (
            <option key={level} value={level}>
              {level}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="apply-url">{t('forms.careers.url')}</label>
        <input id="apply-url" name="profileUrl" type="url" inputMode="url" placeholder="https://" />
      </div>
      <div className="field">
        <label htmlFor="apply-cv">
          {t('forms.careers.cv')}
          {required}
        </label>
        <input
          id="apply-cv"
          name="cv"
          type="file"
          accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          required
          aria-describedby="apply-cv-hint"
        />
        <p id="apply-cv-hint" className="form-note">
          {t('forms.careers.cv-hint')}
        </p>
      </div>
      <Honeypot id="apply" />
      <p className="form-note">{t('forms.required-note')}</p>
      <button className="button" type="submit">
        {t('forms.careers.submit')}
      </button>
    </form>
  );
}
