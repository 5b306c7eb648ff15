import { useT } from '../lib/site-context.tsx';
import { text, type Item } from './types.ts';

export function Portfolio({ items }: { items: Item[] }) {
  const t = useT();
  return (
    <section id="portfolio" className="section section-alt" aria-labelledby="portfolio-title">
      <div className="container">
        <h2 id="portfolio-title">{t('landing.portfolio.title')}</h2>
        <p className="section-lead">{t('landing.portfolio.lead')}</p>
        <ul className="portfolio">
          {items.map((p) => (
            <li key={p.id} className="portfolio-item">
              <span className="portfolio-mark" aria-hidden="true" style={{ background: text(p.color) || '#74acdf' }}>
                {text(p.name).slice(0, 1)}
              </span>
              <h3>{text(p.name)}</h3>
              <p className="portfolio-kind">{text(p.kind)}</p>
              <p>{text(p.description)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
