import type { Element } from 'hast';
import type { VFile } from 'vfile';

/** What markdownToHast puts on the file for the plugins: the hosts site.yaml allows to embed. */
export interface MarkdownFileData {
  embedHosts?: readonly string[];
}

export function embedHostsOf(file: VFile): readonly string[] {
  return (file.data as MarkdownFileData).embedHosts ?? [];
}

/**
 * An iframe from an allowed host, as an `embed-frame` element: the templates render it as a
 * click-to-load placeholder, so the page contacts the host only after the visitor asks
 * (an embed sets cookies, the same promise as analytics). Undefined when the host is not allowed.
 */
export function embedFrame(iframe: Element, hosts: readonly string[]): Element | undefined {
  const src = String(iframe.properties.src ?? '');
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || !hosts.includes(url.hostname)) return undefined;
  const title = typeof iframe.properties.title === 'string' ? iframe.properties.title.trim() : '';
  return {
    type: 'element',
    tagName: 'embed-frame',
    properties: { src: url.href, dataHost: url.hostname, ...(title ? { title } : {}) },
    children: [],
    ...(iframe.position ? { position: iframe.position } : {}),
  };
}
