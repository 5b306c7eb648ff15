import { useT } from '../lib/site-context.tsx';

/**
 * An iframe from a host site.yaml allows (src/markdown/rehype-embeds.ts), as a placeholder: the
 * page contacts the host only when the visitor presses the button (src/client/embeds.ts puts the
 * iframe in its place), because an embed sets cookies, as analytics would.
 */
export function EmbedFrame({ src = '', title, 'data-host': host = '' }: { src?: string; title?: string; 'data-host'?: string }) {
  const t = useT();
  return (
    <div className="embed" data-embed-src={src} data-embed-title={title ?? host}>
      {title ? <p className="embed-title">{title}</p> : null}
      <p className="embed-notice">{t('embed.notice', { host })}</p>
      <button type="button" className="button button-small embed-load">
        {t('embed.load', { host })}
      </button>
    </div>
  );
}
