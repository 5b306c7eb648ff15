import { useHref, useT } from '../lib/site-context.tsx';
import { text, type Item } from './types.ts';

export function Services({ items }: { items: Item[] }) {
  const t = useT();
  const href = useHref();
  return (
    <section id="services" className="section" aria-labelledby="services-title">
      <div className="container">
        <h2 id="services-title">{t('landing.services.title')}</h2>
        <p className="section-lead">{t('landing.services.lead')}</p>
        <ul className="cards">
          {items.map((s) => (
            <li key={s.id} className="card">
              <h3>{text(s.title)}</h3>
              <p>{text(s.description)}</p>
              {s.page ? (
                <a href={href(text(s.page))}>
                  {t('landing.services.more')}
                  <span className="visually-hidden">: {text(s.title)}</span>
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
