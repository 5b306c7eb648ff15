import { describe, expect, it } from 'vitest';
import { resolveReferences, resolveString } from '../../../src/content/index.ts';
import { SiteError } from '../../../src/errors/index.ts';

const constants = { claims: { trialDays: 14, usersAfter: '250,000' }, careers: { englishLevel: { android: 'C1' } } };
const never = (ref: string): never => {
  throw new Error(`missing ${ref}`);
};

describe('resolveString', () => {
  it.each([
    ['A {claims.trialDays}-day trial', 'A 14-day trial'],
    ['to {claims.usersAfter} users', 'to 250,000 users'],
    ['English {careers.englishLevel.android}', 'English C1'],
    ['Navigated to {name}', 'Navigated to {name}'],
    ['{minutes} min read', '{minutes} min read'],
    ['no braces', 'no braces'],
  ])('%j → %j', (input, output) => expect(resolveString(input, constants, never)).toBe(output));

  it('reports a reference to a constant that does not exist', () => {
    expect(() => resolveString('{claims.trialMonths}', constants, never)).toThrow('missing claims.trialMonths');
  });
});

describe('resolveReferences', () => {
  it('resolves strings at any depth and keeps the shape', () => {
    const value = { a: ['{claims.trialDays}', { b: 'x {claims.trialDays}' }], n: 3 };
    expect(resolveReferences(value, { constants, locate: () => ({ file: 'f' }) })).toEqual({ a: ['14', { b: 'x 14' }], n: 3 });
  });

  it('throws a SiteError located at the field', () => {
    try {
      resolveReferences({ seo: { en: { title: '{claims.nope}' } } }, { constants, locate: (path) => ({ file: 'page.yaml', line: path.length }) });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SiteError);
      expect((error as SiteError).data.field).toBe('seo.en.title');
      expect((error as SiteError).location).toEqual({ file: 'page.yaml', line: 3 });
    }
  });
});
