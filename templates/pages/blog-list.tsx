import type { PageProps } from '../../src/shared/template-contract.ts';
import { NewsletterForm } from '../components/NewsletterForm.tsx';
import { PostMeta } from '../components/PostMeta.tsx';
import { useLocale, useT } from '../lib/site-context.tsx';
import { Island } from '../lib/island.tsx';

interface Data {
  /** `locale`: a post with no translation here, listed in its own language. */
  posts: Array<{ title: string; description: string; date: string; tags: string[]; readingMinutes: number; path: string; locale?: string }>;
  pagination: { page: number; pages: number; previous: string | null; next: string | null };
}

export default function BlogList({ data }: PageProps<Data>) {
  const t = useT();
  const locale = useLocale();
  const { pagination } = data;
  return (
    <div className="container page">
      <header className="page-header">
        <h1>{t('blog.title')}</h1>
        <p className="lead">{t('blog.lead')}</p>
      </header>
      <Island name="newsletter-form">
        <NewsletterForm />
      </Island>
      <ul className="post-list">
        {data.posts.map((post) => (
          <li key={post.path} className="post-card" {...(post.locale ? { lang: post.locale } : {})}>
            {post.locale ? (
              <p className="post-card-language" lang={locale}>
                {t(`blog.only-in.${post.locale}`)}
              </p>
            ) : null}
            <h2>
              <a href={post.path} {...(post.locale ? { hrefLang: post.locale } : {})}>
                {post.title}
              </a>
            </h2>
            <PostMeta date={post.date} readingMinutes={post.readingMinutes} tags={post.tags} />
            <p>{post.description}</p>
          </li>
        ))}
      </ul>
      {pagination.pages > 1 ? (
        <nav className="pagination" aria-label={t('blog.pagination')}>
          {pagination.previous ? (
            <a href={pagination.previous} rel="prev">
              {t('blog.newer')}
            </a>
          ) : (
            <span />
          )}
          <span>{t('blog.page-of', { page: pagination.page, pages: pagination.pages })}</span>
          {pagination.next ? (
            <a href={pagination.next} rel="next">
              {t('blog.older')}
            </a>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
