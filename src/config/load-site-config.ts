import { join } from 'node:path';
import { displayPath } from '../node/display-path.ts';
import { readYamlFile } from './read-yaml.ts';
import { constantsSchema, siteConfigSchema, type Constants, type SiteSettings } from './schema.ts';

export interface SiteConfig {
  settings: SiteSettings;
  constants: Constants;
  /** Locales in the order site.yaml lists them, default first. */
  locales: string[];
  defaultLocale: string;
}

export interface LoadSiteConfigOptions {
  siteDir: string;
  /** Overrides site.yaml's baseUrl (`--base-url`). */
  baseUrl?: string;
}

export async function loadSiteConfig(options: LoadSiteConfigOptions): Promise<SiteConfig> {
  const [site, constants] = await Promise.all([
    readYamlFile(join(options.siteDir, 'site.yaml'), displayPath(join(options.siteDir, 'site.yaml')), siteConfigSchema, 'site settings'),
    readYamlFile(join(options.siteDir, 'constants.yaml'), displayPath(join(options.siteDir, 'constants.yaml')), constantsSchema, 'constants'),
  ]);
  const settings = { ...site.data };
  if (options.baseUrl) settings.baseUrl = options.baseUrl.replace(/\/+$/, '');
  const others = Object.keys(settings.locales).filter((l) => l !== settings.defaultLocale);
  return {
    settings,
    constants: constants.data,
    locales: [settings.defaultLocale, ...others],
    defaultLocale: settings.defaultLocale,
  };
}
