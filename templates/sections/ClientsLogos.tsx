import { useT } from '../lib/site-context.tsx';
import { text, type Item } from './types.ts';

/** Wordmarks of the products we built, drawn as text so no logo files are needed. */
export function ClientsLogos({ items }: { items: Item[] }) {
  const t = useT();
  return (
    <section className="section section-tight" aria-labelledby="logos-title">
      <div className="container">
        <h2 id="logos-title" className="logos-title">
          {t('landing.clients-logos.title')}
        </h2>
        <ul className="logos">
          {items.map((p) => (
            <li key={p.id} className="logo-chip">
              <span className="logo-dot" aria-hidden="true" style={{ background: text(p.color) || '#74acdf' }} />
              {text(p.name)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
