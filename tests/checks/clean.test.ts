import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFixture, type CheckFixture } from './support.ts';

let fixture: CheckFixture;
beforeAll(async () => {
  fixture = await checkFixture();
  await fixture.build();
});
afterAll(() => fixture.cleanup());

describe('a site without problems', () => {
  it('has no findings at all: every check stays quiet when nothing is wrong', async () => {
    expect(await fixture.check()).toEqual([]);
  });
});
