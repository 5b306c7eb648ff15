import type { Options as Schema } from 'rehype-sanitize';

/**
 * The one list of what markdown may contain once its raw HTML is parsed: what markdown itself
 * produces, what a blog brought from elsewhere needs, and our own elements (directives, embeds).
 * Anything else is removed by rehype-sanitize, and reported first (report-removed-html.ts).
 * Only plain names, `[name, ...allowed values or patterns]`, and no `data*` wildcards: the
 * reporter reads this schema too, so it knows exactly what the sanitizer will take away.
 */
export const SANITIZE_SCHEMA: Schema = {
  tagNames: [
    // markdown and GFM
    ...['p', 'a', 'em', 'strong', 'del', 'code', 'pre', 'blockquote', 'hr', 'br', 'img', 'ul', 'ol', 'li', 'input'],
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'section', 'sup', 'span', 'div'],
    // what posts written elsewhere use
    ...['details', 'summary', 'kbd', 'sub', 'mark', 'abbr', 'figure', 'figcaption', 'b', 'i', 's', 'u', 'small', 'q', 'cite'],
    ...['dl', 'dt', 'dd', 'ins', 'samp', 'var', 'video', 'audio', 'source', 'track'],
    // ours: directives (remark-components.ts) and click-to-load embeds (rehype-embeds.ts)
    ...['cta-box', 'note-box', 'embed-frame'],
  ],
  attributes: {
    '*': ['title', 'lang', 'dir', 'id'],
    a: ['href', 'ariaLabel', 'ariaDescribedBy', 'dataFootnoteRef', 'dataFootnoteBackref', ['className', 'data-footnote-backref']],
    img: ['src', 'alt', 'width', 'height'],
    // The meta of a fence (fence-meta.ts), read by rehype-code-blocks.ts after sanitizing.
    code: [['className', /^language-./], 'dataMarkedLines', 'dataTitle', 'dataLineNumbers'],
    input: [['type', 'checkbox'], ['disabled', true], 'checked'],
    ul: [['className', 'contains-task-list']],
    ol: ['start', ['className', 'contains-task-list']],
    li: [['className', 'task-list-item']],
    section: ['dataFootnotes', ['className', 'footnotes']],
    h2: [['className', 'sr-only']],
    th: ['align'],
    td: ['align'],
    details: ['open'],
    video: ['src', 'controls', 'width', 'height', 'poster', 'loop', 'muted', 'playsInline', 'preload'],
    audio: ['src', 'controls', 'loop', 'preload'],
    source: ['src', 'type'],
    track: ['src', 'kind', 'srcLang', 'label', 'default'],
    'cta-box': ['kind'],
    'note-box': ['tone'],
    'embed-frame': ['src', 'title', 'dataHost'],
  },
  // Removed with everything inside them; any other unknown element is unwrapped (its text kept).
  strip: ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template'],
  protocols: {
    href: ['http', 'https', 'mailto', 'tel'],
    src: ['http', 'https'],
  },
  required: { input: { type: 'checkbox', disabled: true } },
  // No ancestor rules: the HTML parser already keeps table parts inside tables, and a rule here would
  // remove an element the reporter could not explain.
  ancestors: {},
  // Footnote ids come prefixed from remark-rehype already; headings get theirs from rehype-slug later.
  clobber: [],
  allowComments: false,
  allowDoctypes: false,
};
