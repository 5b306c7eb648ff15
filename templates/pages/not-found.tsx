import type { PageProps } from '../../src/shared/template-contract.ts';
import { useHref, useT } from '../lib/site-context.tsx';

/** 404 and 500 pages: a short explanation and a way back home. */
export default function NotFound({ data }: PageProps<{ page: { kind?: string } }>) {
  const t = useT();
  const href = useHref();
  const kind = data.page.kind === 'server-error' ? 'server-error' : 'not-found';
  return (
    <div className="container page page-error">
      <p className="error-code" aria-hidden="true">{kind === 'server-error' ? '500' : '404'}</p>
      <h1>{t(`${kind}.title`)}</h1>
      <p className="lead">{t(`${kind}.body`)}</p>
      <p>
        <a className="button" href={href('home')}>
          {t(`${kind}.back-home`)}
        </a>
      </p>
    </div>
  );
}
