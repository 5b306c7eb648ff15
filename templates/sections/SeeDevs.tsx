import { useBookingHref, useSite, useT } from '../lib/site-context.tsx';
import { RoleList } from '../components/RoleList.tsx';
import type { Item } from './types.ts';

/** Profiles of the kind of developers we place, by role and stack (no invented people). */
export function SeeDevs({ items }: { items: Item[] }) {
  const t = useT();
  const { shared } = useSite();
  const booking = useBookingHref();
  return (
    <section id="see-devs" className="section section-alt" aria-labelledby="devs-title">
      <div className="container">
        <h2 id="devs-title">{t('landing.see-devs.title')}</h2>
        <p className="section-lead">{t('landing.see-devs.lead')}</p>
        <RoleList items={items} />
        <p>
          <a className="button" href={booking('see-devs')} rel="noopener">
            {t('landing.see-devs.button')}
          </a>
        </p>
      </div>
    </section>
  );
}
