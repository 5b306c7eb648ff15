import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSite, formatFindings, type Finding } from '../../src/checks/index.ts';
import { buildFixture, copyFixture } from '../support/fixture.ts';

// `check` on a blog moved in from elsewhere: its problems are in markdown the editor did not
// write for this site, so each finding names the markdown file and line, and the page beside it.
let fixture: Awaited<ReturnType<typeof copyFixture>>;
let findings: Finding[];

beforeAll(async () => {
  fixture = await copyFixture('migrated-blog');
  await buildFixture(fixture);
  findings = (await checkSite({ siteDir: fixture.site, outDir: fixture.out })).findings;
}, 180_000);
afterAll(() => fixture.cleanup());

/** `check severity file:line page: start of message`, the file from site/ on. */
const rows = (filter: (f: Finding) => boolean) =>
  findings
    .filter(filter)
    .map(
      (f) => `${f.check} ${f.severity} ${f.file.replace(/.*\/site\//, '')}:${f.line} ${f.page}: ${f.message.split(/(?<=\w")| leads | follows | removed/)[0]}`,
    );

describe('check on a migrated blog', () => {
  it('points a broken link to an old URL at the markdown line that wrote it, in both languages', () => {
    expect(rows((f) => f.check === 'links')).toEqual(
      expect.arrayContaining([
        'links error blog/memory-leaks-in-node/index.md:30 /blog/memory-leaks-in-node/: Link \"/finding-memory-leaks/\"',
        'links error blog/memory-leaks-in-node/index.es.md:24 /es/blog/memory-leaks-in-node/: Link \"/es/fugas-de-memoria/\"',
        'links error blog/en/zero-downtime-deploys.md:17 /blog/zero-downtime-deploys/: Link \"/zero-downtime/\"',
        'links error blog/es/despliegues-sin-cortes/index.md:24 /es/blog/despliegues-sin-cortes/: Link \"/es/sin-cortes/\"',
      ]),
    );
  });

  it('points a heading that skips a level (a post starting at h3) at its markdown line, in both languages', () => {
    const headings = rows((f) => f.check === 'content' && f.message.startsWith('Heading'));
    expect(headings).toEqual(
      expect.arrayContaining([
        'content error blog/memory-leaks-in-node/index.md:8 /blog/memory-leaks-in-node/: Heading h3 \"Start from the symptom\"',
        'content error blog/memory-leaks-in-node/index.es.md:8 /es/blog/memory-leaks-in-node/: Heading h3 \"Empezá por el síntoma\"',
        'content error blog/en/zero-downtime-deploys.md:9 /blog/zero-downtime-deploys/: Heading h3 \"One server at a time\"',
        'content error blog/es/despliegues-sin-cortes/index.md:9 /es/blog/despliegues-sin-cortes/: Heading h3 \"De a un servidor\"',
      ]),
    );
    expect(findings.filter((f) => f.file.includes('/out/') && f.check === 'content')).toEqual([]);
  });

  it('reports what raw HTML lost as warnings at the markdown line, once each', () => {
    expect(rows((f) => f.check === 'content' && f.severity === 'warning')).toEqual([
      'content warning blog/en/zero-downtime-deploys.md:37 /blog/zero-downtime-deploys/: <font>',
      'content warning blog/en/zero-downtime-deploys.md:39 /blog/zero-downtime-deploys/: <script>',
      'content warning blog/en/zero-downtime-deploys.md:41 /blog/zero-downtime-deploys/: onerror=\"alert(1)\"',
      'content warning blog/es/despliegues-sin-cortes/index.md:24 /es/blog/despliegues-sin-cortes/: <font>',
    ]);
  });

  it('prints the page URL beside the markdown file', () => {
    const text = formatFindings(findings, { pages: 1 });
    expect(text).toMatch(/error {3}\S*site\/blog\/memory-leaks-in-node\/index\.md:30 {2}\(page \/blog\/memory-leaks-in-node\/\)/);
  });
});
