import { useT } from '../lib/site-context.tsx';

const FACTS = ['years', 'apps', 'match', 'savings'];

/** The agency in four numbers; every number comes from constants.yaml through the messages. */
export function Info() {
  const t = useT();
  return (
    <section id="info" className="section section-navy" aria-labelledby="info-title">
      <div className="container">
        <h2 id="info-title">{t('landing.info.title')}</h2>
        <dl className="facts">
          {FACTS.map((fact) => (
            <div key={fact} className="fact">
              <dt>{t(`landing.info.${fact}.label`)}</dt>
              <dd>{t(`landing.info.${fact}.value`)}</dd>
            </div>
          ))}
        </dl>
        <h3 className="why-title">{t('landing.why-us.title')}</h3>
        <ul className="checklist checklist-light">
          {[1, 2, 3, 4].map((n) => (
            <li key={n}>{t(`landing.why-us.list-${n}`)}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
