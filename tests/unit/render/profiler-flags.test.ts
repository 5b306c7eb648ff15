import { describe, expect, it } from 'vitest';
import { profilerFlags } from '../../../src/render/render-pool.ts';

describe('the profiler flags render workers inherit', () => {
  it('keeps a directory given as the next argument, which a worker rejects without its value', () => {
    expect(profilerFlags(['--cpu-prof', '--cpu-prof-dir', '/tmp/profiles', '--max-old-space-size=4096'])).toEqual([
      '--cpu-prof',
      '--cpu-prof-dir',
      '/tmp/profiles',
    ]);
  });

  it('keeps flags written with = as they are, and drops every other flag', () => {
    expect(profilerFlags(['--enable-source-maps', '--cpu-prof', '--cpu-prof-dir=/tmp/p', '--cpu-prof-interval', '500'])).toEqual([
      '--cpu-prof',
      '--cpu-prof-dir=/tmp/p',
      '--cpu-prof-interval',
      '500',
    ]);
    expect(profilerFlags(['--inspect'])).toEqual([]);
  });
});
