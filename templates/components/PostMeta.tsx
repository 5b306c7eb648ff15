import { useFormatDate, useT } from '../lib/site-context.tsx';

export function PostMeta({ date, readingMinutes, tags }: { date: string; readingMinutes: number; tags: string[] }) {
  const t = useT();
  const formatDate = useFormatDate();
  return (
    <p className="post-meta">
      <span>
        {t('blog.written-on')} <time dateTime={date}>{formatDate(date)}</time>
      </span>
      <span>{t('blog.reading-time', { minutes: readingMinutes })}</span>
      {tags.length ? (
        <span className="tags">
          {tags.map((tag) => (
            <span key={tag} className="tag">
              {tag}
            </span>
          ))}
        </span>
      ) : null}
    </p>
  );
}
