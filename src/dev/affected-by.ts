import { relative, sep } from 'node:path';

export type ChangeKind = 'styles' | 'templates' | 'messages' | 'content' | 'settings' | 'ignored';

/**
 * What a changed file affects, decided from its path alone. The build's caches then re-render
 * exactly the pages whose inputs changed; this decides how the browser is told (a stylesheet swap
 * or a reload) and whether the change matters at all.
 */
export function affectedBy(path: string, dirs: { siteDir: string; templatesDir: string; localesDir: string }): ChangeKind {
  const inside = (dir: string) => {
    const rel = relative(dir, path);
    return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep) ? rel.split(sep).join('/') : undefined;
  };
  const name = path.split(sep).at(-1) ?? '';
  if (name.startsWith('.') || name.endsWith('~') || /\.(swp|tmp)$/.test(name)) return 'ignored';
  const template = inside(dirs.templatesDir);
  if (template !== undefined) return template.endsWith('.css') ? 'styles' : /\.(tsx?|jsx?)$/.test(template) ? 'templates' : 'ignored';
  const locale = inside(dirs.localesDir);
  if (locale !== undefined) return locale.endsWith('.yaml') ? 'messages' : 'ignored';
  const site = inside(dirs.siteDir);
  if (site === undefined) return 'ignored';
  if (site === 'site.yaml' || site === 'constants.yaml') return 'settings';
  return /\.(ya?ml|md)$/.test(site) || site.startsWith('static/') ? 'content' : 'ignored';
}

/** The browser needs only a new stylesheet when every change was to CSS. */
export function reloadKind(kinds: ChangeKind[]): 'css' | 'reload' | 'none' {
  const relevant = kinds.filter((k) => k !== 'ignored');
  if (!relevant.length) return 'none';
  return relevant.every((k) => k === 'styles') ? 'css' : 'reload';
}
