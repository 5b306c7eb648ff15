import { useT } from '../lib/site-context.tsx';
import { text, type Item } from './types.ts';

/** A few products drawn as phone screens: shape and colour only, no screenshots of client work. */
export function Demos({ items }: { items: Item[] }) {
  const t = useT();
  return (
    <section id="demos" className="section section-alt" aria-labelledby="demos-title">
      <div className="container">
        <h2 id="demos-title">{t('landing.demos.title')}</h2>
        <p className="section-lead">{t('landing.demos.lead')}</p>
        <ul className="demos">
          {items.slice(0, 4).map((p) => (
            <li key={p.id} className="demo">
              <svg viewBox="0 0 120 220" width="120" height="220" aria-hidden="true" focusable="false">
                <rect x="2" y="2" width="116" height="216" rx="18" fill="#0f1b2d" />
                <rect x="10" y="14" width="100" height="192" rx="10" fill={text(p.color) || '#cfe3f7'} />
                <rect x="20" y="28" width="60" height="10" rx="5" fill="#0f1b2d" opacity="0.8" />
                <rect x="20" y="48" width="80" height="46" rx="8" fill="#fff" />
                <rect x="20" y="104" width="80" height="8" rx="4" fill="#0f1b2d" opacity="0.35" />
                <rect x="20" y="118" width="64" height="8" rx="4" fill="#0f1b2d" opacity="0.35" />
                <rect x="20" y="170" width="80" height="22" rx="11" fill="#f6b40e" />
              </svg>
              <h3>{text(p.name)}</h3>
              <p>{text(p.kind)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
