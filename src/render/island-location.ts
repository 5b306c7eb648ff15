import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isSiteError, siteErrorFromData, type SourceLocation } from '../errors/index.ts';
import { displayPath } from '../node/display-path.ts';

/** The template line that marks the island: `<Island name="contact-form"`. */
function locateIsland(templatesDir: string, island: string): SourceLocation | undefined {
  const mark = new RegExp(`<Island\\s+name=["']${island.replace(/[^\w-]/g, '')}["']`);
  const files = (readdirSync(templatesDir, { recursive: true }) as string[]).filter((f) => f.endsWith('.tsx')).sort();
  for (const file of files) {
    const lines = readFileSync(join(templatesDir, file), 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      // Comments (the example in templates/lib/island.tsx) mark nothing.
      if (/^\s*(\*|\/\/|\/\*)/.test(lines[i]!)) continue;
      const match = mark.exec(lines[i]!);
      if (match) return { file: displayPath(join(templatesDir, file)), line: i + 1, column: match.index + 1 };
    }
  }
  return undefined;
}

/**
 * Render workers know the page, not the templates folder: an island error arrives located at the
 * page's content file and is moved here to the template line that marks the island.
 */
export function locateIslandError(error: unknown, templatesDir: string): unknown {
  if (!isSiteError(error) || (error.data.name !== 'IslandPropError' && error.data.name !== 'UnknownIsland')) return error;
  // Both messages quote the island as `island "name"` (errors/catalogue/render.ts); only data crosses the thread.
  const island = /island "([\w-]+)"/.exec(error.data.message)?.[1];
  const location = island ? locateIsland(templatesDir, island) : undefined;
  return location ? siteErrorFromData({ ...error.data, location }) : error;
}
