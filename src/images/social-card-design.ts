import { invalidSocialCardError } from '../errors/index.ts';
import { contentHash } from '../node/hash.ts';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

/** How the title is written on the card: templates/social-card.svg's `<text id="title">`. */
export interface TitleStyle {
  x: number;
  /** The first line's baseline. */
  y: number;
  fontFamily: string;
  fontWeight: string;
  fontSize: number;
  fill: string;
  lineHeight: number;
  maxChars: number;
  maxLines: number;
}

/** The card's design, read from its template; `key` changes with any edit of it. */
export interface SocialCardDesign {
  key: string;
  /** The template without the title element, placeholders unfilled. */
  background: string;
  title: TitleStyle;
  file: string;
}

const TITLE_ELEMENT = /<text\b[^>]*\bid="title"[^>]*?(?:\/>|>\s*<\/text>)/;
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Parses the card template; a design the build cannot draw is an error at the template, not a broken card. */
export function parseSocialCardDesign(svg: string, file: string): SocialCardDesign {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const size = [attribute(root, 'width'), attribute(root, 'height')];
  if (size[0] !== String(OG_WIDTH) || size[1] !== String(OG_HEIGHT))
    throw invalidSocialCardError(file, `the <svg> element must be width="${OG_WIDTH}" height="${OG_HEIGHT}" (found ${size[0] ?? 'none'}×${size[1] ?? 'none'})`);
  const element = TITLE_ELEMENT.exec(svg)?.[0];
  if (!element) throw invalidSocialCardError(file, 'it has no empty <text id="title"> element saying where the page title goes');
  const number = (name: string) => {
    const value = Number(attribute(element, name));
    if (!Number.isFinite(value) || value <= 0) throw invalidSocialCardError(file, `<text id="title"> needs ${name}="…" as a positive number`);
    return value;
  };
  const title: TitleStyle = {
    x: number('x'),
    y: number('y'),
    fontFamily: attribute(element, 'font-family') ?? 'sans-serif',
    fontWeight: attribute(element, 'font-weight') ?? '400',
    fontSize: number('font-size'),
    fill: attribute(element, 'fill') ?? '#000000',
    lineHeight: number('data-line-height'),
    maxChars: number('data-max-chars'),
    maxLines: number('data-max-lines'),
  };
  if (!/^#[0-9a-f]{6}$/i.test(title.fill)) throw invalidSocialCardError(file, `<text id="title"> needs fill="#rrggbb" (found "${title.fill}")`);
  const background = svg.replace(element, '');
  return { key: contentHash('social-card', background, JSON.stringify(title)), background, title, file };
}

/** The background of one card: the design with its label and site name filled in. */
export function cardBackgroundSvg(design: SocialCardDesign, options: { siteName: string; label: string }): string {
  return design.background
    .replaceAll('{{LABEL}}', escapeXml(options.label.toUpperCase()))
    .replaceAll('{{label}}', escapeXml(options.label))
    .replaceAll('{{siteName}}', escapeXml(options.siteName));
}

/** Splits a title into at most `maxLines` lines of about `maxChars` characters, with an ellipsis if it must. */
export function wrapTitle(title: string, perLine = 24, max = 3): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/)) {
    if ((line + ' ' + word).trim().length > perLine && line) {
      lines.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) lines.push(line);
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  kept[max - 1] = `${kept[max - 1]!.replace(/[\s,.:;—-]+$/, '')}…`;
  return kept;
}

/** The title as SVG text on a transparent card-sized strip: what librsvg draws when the glyph atlas cannot. */
export function titleSvg(style: TitleStyle, lines: string[], top: number, height: number): string {
  const font = `font-family="${escapeXml(style.fontFamily)}" font-weight="${escapeXml(style.fontWeight)}" font-size="${style.fontSize}"`;
  const text = lines.map((l, i) => `<text x="${style.x}" y="${style.y - top + i * style.lineHeight}" ${font} fill="${style.fill}">${escapeXml(l)}</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${height}">${text.join('')}</svg>`;
}

function attribute(element: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(element)?.[1];
}
