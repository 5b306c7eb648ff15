// A failed build returns only once everything it started has stopped: nothing it began beside
// the step that failed (templates compiling, images, cards, compressed assets) may still write into
// .cache/ afterwards, where a watch session's next build would race it.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildFixture, copyFixture } from '../support/fixture.ts';

type Fixture = Awaited<ReturnType<typeof copyFixture>>;
let f: Fixture | undefined;
afterEach(() => f?.cleanup());

async function edit(file: string, change: (text: string) => string) {
  await writeFile(file, change(await readFile(file, 'utf8')));
}

/** Every file under the cache, sorted; none while it does not exist. */
async function cacheFiles(cache: string): Promise<string[]> {
  const entries = await readdir(cache, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => !e.isDirectory())
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

describe('a failed cold build', () => {
  it.each([
    {
      step: 'reading content (templates and images still compiling beside it)',
      change: (fx: Fixture) => edit(join(fx.site, 'blog/en/first-post.md'), (t) => t.replace('date: 2026-01-10', 'date: 2026-02-30')),
      error: 'InvalidField',
    },
    {
      step: 'rendering (cards and compressed assets beside it)',
      change: (fx: Fixture) =>
        edit(join(fx.dir, 'templates/sections/Contact.tsx'), (t) =>
          t.replace('<ContactForm requirePhone={requirePhone} />', '<ContactForm requirePhone={requirePhone} onSent={() => undefined} />'),
        ),
      error: 'IslandPropError',
    },
  ])('in $step leaves nothing writing into the cache after it returns', async ({ change, error }) => {
    f = await copyFixture('basic');
    await change(f);
    await expect(buildFixture(f)).rejects.toMatchObject({ name: error });
    const atReturn = await cacheFiles(f.cache);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await cacheFiles(f.cache)).toEqual(atReturn);
  });
});
