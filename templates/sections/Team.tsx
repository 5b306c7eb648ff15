import { useT } from '../lib/site-context.tsx';
import { RoleList } from '../components/RoleList.tsx';
import type { Item } from './types.ts';

export function Team({ items }: { items: Item[] }) {
  const t = useT();
  return (
    <section id="team" className="section section-alt" aria-labelledby="team-title">
      <div className="container">
        <h2 id="team-title">{t('landing.team.title')}</h2>
        <p className="section-lead">{t('landing.team.lead')}</p>
        <RoleList items={items} />
      </div>
    </section>
  );
}
