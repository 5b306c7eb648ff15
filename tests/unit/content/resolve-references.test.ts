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

  it.each([
    ['en-US', 'from {claims.usersBefore} to {claims.usersAfter} users', 'from 5,000 to 250,000 users'],
    ['es-AR', 'de {claims.usersBefore} a {claims.usersAfter} usuarios', 'de 5.000 a 250.000 usuarios'],
    ['es-AR', 'prueba de {claims.trialDays} días', 'prueba de 14 días'],
    ['es-AR', 'UTC{timeZones.offset}', 'UTC-3'],
  ])('writes number constants as %s readers do: %j', (tag, input, output) =>
    expect(
      resolveString(input, { claims: { trialDays: 14, usersBefore: 5000, usersAfter: 250000 }, timeZones: { offset: -3 } }, never, { numberLocale: tag }),
    ).toBe(output),
  );

  it('reports a reference to a constant that does not exist', () => {
    expect(() => resolveString('{claims.trialMonths}', constants, never)).toThrow('missing claims.trialMonths');
  });
});

describe('resolveReferences', () => {
  it('resolves strings at any depth and keeps the shape', () => {
    const value = { a: ['{claims.trialDays}', { b: 'x {claims.trialDays}' }], n: 3 };
    expect(resolveReferences(value, { constants, locate: () => ({ file: 'f' }) })).toEqual({ a: ['14', { b: 'x 14' }], n: 3 });
  });

  it('writes numbers the way of the locale whose key holds the text', () => {
    const value = { body: { en: 'to {claims.users} users', es: 'a {claims.users} usuarios' }, list: [{ es: ['{claims.users}'] }] };
    const context = { constants: { claims: { users: 250000 } }, numberLocales: { en: 'en-US', es: 'es-AR' }, locate: () => ({ file: 'f' }) };
    expect(resolveReferences(value, context)).toEqual({ body: { en: 'to 250,000 users', es: 'a 250.000 usuarios' }, list: [{ es: ['250.000'] }] });
    // A messages file is in one locale throughout.
    expect(resolveReferences({ a: { b: '{claims.users}' } }, context, [], 'es-AR')).toEqual({ a: { b: '250.000' } });
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
