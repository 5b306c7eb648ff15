import type { PageProps } from '../../src/shared/template-contract.ts';
import { useHref, useT } from '../lib/site-context.tsx';

/** 404, 500 and offline pages: a short explanation and a way back home. */
export default function NotFound({ data }: PageProps<{ page: { kind?: string } }>) {
  const t = useT();
  const href = useHref();
  const kind = data.page.kind === 'server-error' || data.page.kind === 'offline' ? data.page.kind : 'not-found';
  const code = { 'not-found': '404', 'server-error': '500', offline: '∅' }[kind];
  return (
    <div className="container page page-error">
      <p className="error-code" aria-hidden="true">
        {code}
      </p>
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
