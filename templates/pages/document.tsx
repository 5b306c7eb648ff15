import type { Root } from 'hast';
import type { PageProps } from '../../src/shared/template-contract.ts';
import { Markdown } from '../components/Markdown.tsx';
import { useFormatDate, useT } from '../lib/site-context.tsx';

interface Data {
  document: { title: string; description: string; updated?: string; body: Root };
}

/** A long-form document such as the privacy policy or the terms of service. */
export default function DocumentPage({ data, pageContext }: PageProps<Data>) {
  const t = useT();
  const formatDate = useFormatDate();
  return (
    <article className="container page">
      <header className="page-header">
        <h1>{data.document.title}</h1>
        {data.document.updated ? (
          <p className="post-meta">
            {t('document.updated')} <time dateTime={data.document.updated}>{formatDate(data.document.updated)}</time>
          </p>
        ) : null}
      </header>
      <Markdown tree={data.document.body} id={`body-${pageContext.pageId}-${pageContext.locale}`} className="prose" title={data.document.title} />
    </article>
  );
}
