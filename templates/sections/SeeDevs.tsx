import { useSite, useT } from '../lib/site-context.tsx';
import { text, type Item } from './types.ts';

/** Profiles of the kind of developers we place, by role and stack (no invented people). */
export function SeeDevs({ items }: { items: Item[] }) {
  const t = useT();
  const { shared } = useSite();
  return (
    <section id="see-devs" className="section section-alt" aria-labelledby="devs-title">
      <div className="container">
        <h2 id="devs-title">{t('landing.see-devs.title')}</h2>
        <p className="section-lead">{t('landing.see-devs.lead')}</p>
        <ul className="team">
          {items.map((m) => (
            <li key={m.id} className="team-member">
              <span className="avatar" aria-hidden="true">
                {text(m.initials)}
              </span>
              <h3>{text(m.role)}</h3>
              <p>{text(m.description)}</p>
            </li>
          ))}
        </ul>
        <p>
          <a className="button" href={shared.site.bookingUrl} rel="noopener">
            {t('landing.see-devs.button')}
          </a>
        </p>
      </div>
    </section>
  );
}
