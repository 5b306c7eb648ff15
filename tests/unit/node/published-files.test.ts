import { describe, expect, it } from 'vitest';
import { siteFileRole } from '../../../src/node/published-files.ts';

describe('siteFileRole: which files of the site folder are published, and how', () => {
  it.each([
    ['/static/favicon.svg', 'static'],
    ['/static/.well-known/security.txt', 'static'],
    ['/static/downloads/.DS_Store', undefined],
    ['/static/downloads/rates.pdf~', undefined],
    ['/images/team.jpg', 'image'],
    ['/blog/en/kickoff/board.PNG', 'image'],
    ['/blog/en/kickoff/diagram.svg', 'image'],
    ['/blog/en/kickoff/checklist.pdf', 'linked'],
    ['/blog/en/kickoff/demo.mp4', 'linked'],
    ['/blog/en/kickoff/index.md', undefined],
    ['/blog/en/kickoff/.index.md.swp', undefined],
    ['/blog/en/kickoff/.#index.md', undefined],
    ['/blog/en/kickoff/Thumbs.db', undefined],
    ['/pages/home.yaml', undefined],
    ['/images/notes.txt', undefined],
    ['/collections/services.csv', undefined],
    ['/site.yaml', undefined],
    ['/urls.lock', undefined],
  ] as const)('%s: %s', (src, role) => {
    expect(siteFileRole(src)).toBe(role);
  });
});
