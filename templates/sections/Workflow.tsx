import { useT } from '../lib/site-context.tsx';

const STEPS = [1, 2, 3, 4];

/** How an engagement runs, step by step (messages landing.workflow.step-N). */
export function Workflow() {
  const t = useT();
  return (
    <section id="workflow" className="section" aria-labelledby="workflow-title">
      <div className="container">
        <h2 id="workflow-title">{t('landing.workflow.title')}</h2>
        <p className="section-lead">{t('landing.workflow.lead')}</p>
        <ol className="steps">
          {STEPS.map((n) => (
            <li key={n}>
              <h3>{t(`landing.workflow.step-${n}.title`)}</h3>
              <p>{t(`landing.workflow.step-${n}.body`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
