import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runPool } from '../../../src/node/run-pool.ts';
import { StagedOutput } from '../../../src/output/index.ts';

let dir: string;
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('StagedOutput after a failed write', () => {
  it('stops, reports the write that failed and leaves no staging folder, however many writes were under way', async () => {
    dir = await mkdtemp(join(tmpdir(), 'staged-output-'));
    const output = new StagedOutput(join(dir, 'out'));
    // The 6th file cannot be written (its folder is a file); 300 others are queued in folders of their own.
    const files = [
      'blocker',
      ...Array.from({ length: 4 }, (_, i) => `a${i}/index.html`),
      'blocker/index.html',
      ...Array.from({ length: 300 }, (_, i) => `p${i}/index.html`),
    ];
    const error = await runPool(files, 64, (path) => output.write(path, `<p>${path}</p>`)).then(
      () => undefined,
      async (e: unknown) => {
        await output.abort();
        return e;
      },
    );
    // Whichever of the two clashing writes lost the race, its own error is the one reported.
    expect(['ENOTDIR', 'EISDIR', 'EEXIST']).toContain((error as NodeJS.ErrnoException).code);
    // Writes still under way when abort() began must not bring the folder back.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await readdir(dir)).filter((n) => n.includes('staging'))).toEqual([]);
    await expect(output.write('late/index.html', 'x')).rejects.toThrow(/after the build was aborted/);
  });
});
