import { messageMissingEverywhereFinding } from '../errors/index.ts';
import { readFileSync } from 'node:fs';
import type { SiteConfig } from '../config/index.ts';
import type { Content } from '../content/index.ts';
import { locateYamlPath } from '../errors/index.ts';
import type { Messages } from '../i18n/index.ts';
import type { Finding } from './types.ts';

/** The landing messages the product spec names (section 3), which the home template's sections read. */
export const LANDING_MESSAGES = [
  'hero.title',
  'contact.title',
  'workflow.title',
  'benefits.title',
  'why-us.title',
  'portfolio.title',
  'blog.subscribe-label',
  'services.title',
].map((k) => `landing.${k}`);

/** What a careers page's message section must hold (spec section 3): the careers template reads each. */
export const CAREERS_MESSAGES = [
  'work-with-us',
  'about-us',
  'apply-here-button',
  'selection-process.step-1',
  'selection-process.step-2',
  'selection-process.step-3',
  'requirements.list-1',
  'benefits.list-1',
];

export interface CheckRequiredMessagesOptions {
  config: SiteConfig;
  content: Content;
  messages: Messages;
  messagePaths: Record<string, string>;
}

/**
 * Messages the spec requires that no locale has. (A key only one locale lacks is already reported
 * as a fallback; these would show the bare key on every page.)
 */
export function checkRequiredMessages(options: CheckRequiredMessagesOptions): Finding[] {
  const { config, content, messages } = options;
  const base = config.defaultLocale;
  const source = readFileSync(options.messagePaths[base]!, 'utf8');
  const has = (key: string) => config.locales.some((l) => messages.byLocale[l]?.[key] !== undefined);
  const findings: Finding[] = [];
  const missingKey = (key: string, why: string) => {
    const path = key.split('.');
    // The deepest section that exists: where the key belongs.
    let line: number | undefined;
    for (let depth = path.length - 1; depth > 0 && line === undefined; depth--) line = locateYamlPath(source, path.slice(0, depth))?.line;
    findings.push(
      messageMissingEverywhereFinding({
        file: messages.files[base]!,
        ...(line !== undefined ? { line } : {}),
        message: `Message "${key}" is missing in every locale; ${why} shows the key itself.`,
        hint: `Add "${key}" to ${config.locales.map((l) => messages.files[l]).join(' and ')}.`,
      }),
    );
  };
  if (content.pages.some((p) => p.template === 'home')) for (const key of LANDING_MESSAGES) if (!has(key)) missingKey(key, 'the home page');
  for (const page of content.pages) {
    const section = page.template === 'careers' ? page.data.messages : undefined;
    if (typeof section !== 'string') continue;
    for (const key of CAREERS_MESSAGES.map((k) => `${section}.${k}`)) if (!has(key)) missingKey(key, `${page.file} (data.messages: ${section})`);
  }
  return findings;
}
