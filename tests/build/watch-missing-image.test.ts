// A watch save of posts alone looks for the images of the posts it read again only: the others were
// found when they were read. An image removed since must still stop the build at the post that
// shows it, whichever post is saved next.
import { copyFile, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyFixture } from '../support/fixture.ts';

let f: Awaited<ReturnType<typeof copyFixture>> | undefined;
afterEach(() => f?.cleanup());

describe('serve --watch and an image beside a post', () => {
  it('reports a removed image at the post that shows it, though another post was saved, until it is back', async () => {
    f = await copyFixture('basic');
    const blog = join(f.site, 'blog/en');
    const image = join(blog, 'dusk.jpg');
    const first = join(blog, 'first-post.md');
    const second = join(blog, 'second-post.md');
    await copyFile(join(f.site, 'images/buenos-aires-at-dusk.jpg'), image);
    await writeFile(first, `${await readFile(first, 'utf8')}\n![Buenos Aires at dusk](./dusk.jpg)\n`);
    await writeFile(second, '---\ntitle: Second post\ndescription: Another post of the fixture.\ndate: 2026-01-12\n---\n\nA short body.\n');
    const session = f.watch();
    await session.build();
    const save = async (text: string) => writeFile(second, (await readFile(second, 'utf8')).replace(/A short body\..*/, text));

    // A body saved while the image is there: nothing to say.
    await save('A short body. Edited.');
    await expect(session.build([second])).resolves.toBeDefined();

    await rm(image);
    const missing = { name: 'MissingImage', message: expect.stringContaining('dusk.jpg'), location: { file: expect.stringMatching(/first-post\.md$/) } };
    await expect(session.build([image])).rejects.toMatchObject(missing);
    // The next save is of the other post only: the build still fails at the first one.
    await save('A short body. Edited again.');
    await expect(session.build([second])).rejects.toMatchObject(missing);

    await copyFile(join(f.site, 'images/buenos-aires-at-dusk.jpg'), image);
    await expect(session.build([image])).resolves.toBeDefined();
  });
});
