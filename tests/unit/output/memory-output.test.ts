import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryOutput } from '../../../src/output/index.ts';

describe('MemoryOutput', () => {
  it('publishes written and linked files on commit, by their path in out/', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'memory-output-'));
    try {
      await writeFile(join(dir, 'page.html'), '<h1>Hola</h1>');
      const out = new MemoryOutput();
      await out.write('es/index.html', '<p>¿Hablamos?</p>');
      await out.linkFrom('es/blog/index.html', join(dir, 'page.html'));
      expect(out.has('es/index.html')).toBe(false);
      await out.commit();
      expect(out.paths()).toEqual(['es/blog/index.html', 'es/index.html']);
      expect(out.text('es/index.html')).toBe('<p>¿Hablamos?</p>');
      expect(out.text('es/blog/index.html')).toBe('<h1>Hola</h1>');
      expect(out.filesWritten).toBe(2);
      expect(out.bytesWritten).toBe(Buffer.byteLength('<p>¿Hablamos?</p>') + 13);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('drops what was written when the build aborts, and names a file it never published', async () => {
    const out = new MemoryOutput();
    await out.write('index.html', 'x');
    await out.abort();
    await out.commit();
    expect(out.paths()).toEqual([]);
    expect(() => out.read('index.html')).toThrow('published no index.html');
  });

  it('refuses a path outside the output folder', async () => {
    await expect(new MemoryOutput().write('../escape.html', 'x')).rejects.toThrow('outside the output folder');
  });
});
