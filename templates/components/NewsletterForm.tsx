import { useSite, useT } from '../lib/site-context.tsx';

export function NewsletterForm() {
  const t = useT();
  const { shared, pageContext } = useSite();
  return (
    <form id="newsletter" className="newsletter" method="post" action={`${shared.site.formsEndpoint}/newsletter`}>
      <input type="hidden" name="locale" value={pageContext.locale} />
      <label htmlFor="newsletter-email">
        {t('landing.blog.subscribe-label')}
        <span aria-hidden="true"> *</span>
      </label>
      <div className="newsletter-row">
        <input id="newsletter-email" name="email" type="email" autoComplete="email" required />
        <button className="button" type="submit">
          {t('landing.blog.subscribe-button')}
        </button>
      </div>
    </form>
  );
}
