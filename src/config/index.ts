export { loadSiteConfig, type SiteConfig, type LoadSiteConfigOptions } from './load-site-config.ts';
export { parseYaml, validateYaml, readYamlFile, type YamlFile } from './read-yaml.ts';
export type { SiteSettings, Constants } from './schema.ts';
