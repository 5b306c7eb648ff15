import { useT } from '../lib/site-context.tsx';
import { text, type Item } from './types.ts';

/** Client reviews: a headline (the spec's "dialog") and the body, signed with first name and role. */
export function Testimonials({ items, id = 'testimonials' }: { items: Item[]; id?: string }) {
  const t = useT();
  return (
    <section id={id} className="section" aria-labelledby={`${id}-title`}>
      <div className="container">
        <h2 id={`${id}-title`}>{t('landing.testimonials.title')}</h2>
        <ul className="testimonials">
          {items.map((q) => (
            <li key={q.id}>
              <figure className="testimonial">
                <blockquote>
                  <p className="testimonial-headline">{text(q.headline)}</p>
                  <p>{text(q.body)}</p>
                </blockquote>
                <figcaption>
                  {text(q.name)}, {text(q.role)}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
