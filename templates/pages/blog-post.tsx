import type { Root } from 'hast';
import type { HeadData, SharedData } from '../../src/shared/page-data.ts';
import type { PageProps } from '../../src/shared/template-contract.ts';
import { Markdown } from '../components/Markdown.tsx';
import { NewsletterForm } from '../components/NewsletterForm.tsx';
import { PostMeta } from '../components/PostMeta.tsx';
import { Island } from '../lib/island.tsx';
import { useHref, useSite, useT } from '../lib/site-context.tsx';

interface Data {
  post: { title: string; description: string; date: string; updated?: string; tags: string[]; readingMinutes: number; body: Root };
  listPageId: string;
}

export default function BlogPost({ data, pageContext }: PageProps<Data>) {
  const t = useT();
  const href = useHref();
  const { shared } = useSite();
  const { post } = data;
  const translations = pageContext.alternates.filter((a) => a.locale !== pageContext.locale);
  return (
    <article className="container page post">
      <header className="page-header">
        <p className="eyebrow">
          <a href={href(data.listPageId)}>{t('blog.back')}</a>
        </p>
        <h1>{post.title}</h1>
        <PostMeta date={post.date} readingMinutes={post.readingMinutes} tags={post.tags} />
        {translations.map((a) => (
          <p key={a.locale} className="post-translation">
            <a href={a.path} hrefLang={a.locale} lang={a.locale}>
              {shared.messages[`blog.read-in.${a.locale}`] ?? a.label}
            </a>
          </p>
        ))}
      </header>
      <Markdown tree={post.body} id={`body-${pageContext.pageId}-${pageContext.locale}`} className="prose" title={post.title} />
      {/* The newsletter box a post's ::cta{kind="newsletter"} points at (#newsletter). */}
      <Island name="newsletter-form">
        <NewsletterForm />
      </Island>
    </article>
  );
}

export function structuredData({ data, head, shared, pageContext }: PageProps<Data> & { shared: SharedData; head: HeadData }) {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: data.post.title,
      description: data.post.description,
      datePublished: data.post.date,
      dateModified: data.post.updated ?? data.post.date,
      inLanguage: pageContext.locale,
      mainEntityOfPage: head.canonical,
      keywords: data.post.tags.join(', '),
      author: { '@type': 'Organization', name: shared.site.name, url: shared.site.baseUrl + '/' },
      publisher: { '@type': 'Organization', name: shared.site.name, logo: { '@type': 'ImageObject', url: `${shared.site.baseUrl}/favicon.svg` } },
    },
  ];
}
