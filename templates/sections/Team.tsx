import { useT } from '../lib/site-context.tsx';
import { text, type Item } from './types.ts';

export function Team({ items, id = 'team', titleKey = 'landing.team.title', leadKey = 'landing.team.lead' }: { items: Item[]; id?: string; titleKey?: string; leadKey?: string }) {
  const t = useT();
  return (
    <section id={id} className="section section-alt" aria-labelledby={`${id}-title`}>
      <div className="container">
        <h2 id={`${id}-title`}>{t(titleKey)}</h2>
        <p className="section-lead">{t(leadKey)}</p>
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
      </div>
    </section>
  );
}
