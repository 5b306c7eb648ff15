export { loadSiteConfig, type SiteConfig, type LoadSiteConfigOptions } from './load-site-config.ts';
export { parseYaml, readValidYaml, validateYaml, readYamlFile, type YamlFile } from './read-yaml.ts';
export { loadYamlMemory, saveYamlMemory } from './yaml-memory.ts';
export type { SiteSettings, Constants } from './schema.ts';
