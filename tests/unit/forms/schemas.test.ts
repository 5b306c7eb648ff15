import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorMessages, MAX_CV_BYTES, validateSubmission } from '../../../src/forms/index.ts';

const contact = { name: 'Ana', email: 'ana@example.com', message: 'We need an MVP in three months.' };
const pdf = { name: 'cv.pdf', size: 1000, type: 'application/pdf' };
const careers = { name: 'Luis', email: 'luis@example.com', role: 'android', cv: pdf };

describe('validateSubmission', () => {
  it('accepts a valid submission of each form and trims what it keeps', () => {
    expect(validateSubmission('contact', { ...contact, name: '  Ana  ' }, 'en')).toEqual({ ok: true, data: contact });
    expect(validateSubmission('newsletter', { email: 'a@example.com', locale: 'es' }, 'es')).toMatchObject({ ok: true });
    expect(validateSubmission('guide', { email: 'a@example.com', guide: 'app-success-guide' }, 'en')).toMatchObject({ ok: true });
    expect(validateSubmission('careers', { ...careers, englishLevel: 'C1', profileUrl: 'https://linkedin.com/in/luis' }, 'en')).toMatchObject({ ok: true });
  });

  it('treats empty optional fields as absent', () => {
    expect(validateSubmission('careers', { ...careers, englishLevel: '', profileUrl: '', phone: '' }, 'en')).toMatchObject({ ok: true });
    expect(validateSubmission('contact', { ...contact, phone: '', variant: 'general' }, 'en')).toMatchObject({ ok: true });
  });

  it.each([
    ['en', { name: 'Please enter your name.', email: 'Please enter your email address.', message: 'Please tell us a little about your project.' }],
    ['es', { name: 'Escribí tu nombre.', email: 'Escribí tu correo electrónico.', message: 'Contanos un poco sobre tu proyecto.' }],
  ])('reports every missing required field in %s', (locale, errors) => {
    expect(validateSubmission('contact', {}, locale)).toEqual({ ok: false, errors });
  });

  it.each([
    [
      'a name over 120 characters',
      'contact',
      { ...contact, name: 'x'.repeat(121) },
      'name',
      'Your name can be at most 120 characters long.',
      'Tu nombre puede tener como máximo 120 caracteres.',
    ],
    [
      'a message under 10 characters',
      'contact',
      { ...contact, message: 'Hi there' },
      'message',
      'Your message needs at least 10 characters.',
      'Tu mensaje necesita al menos 10 caracteres.',
    ],
    [
      'a message over 5000 characters',
      'contact',
      { ...contact, message: 'x'.repeat(5001) },
      'message',
      'Your message can be at most 5,000 characters long.',
      'Tu mensaje puede tener como máximo 5.000 caracteres.',
    ],
    [
      'an email over 254 characters',
      'newsletter',
      { email: `${'x'.repeat(250)}@example.com` },
      'email',
      'Your email address can be at most 254 characters long.',
      'Tu correo electrónico puede tener como máximo 254 caracteres.',
    ],
    [
      'an email without @',
      'newsletter',
      { email: 'ana.example.com' },
      'email',
      'Please enter a valid email address, like name@example.com.',
      'Escribí un correo electrónico válido, por ejemplo nombre@ejemplo.com.',
    ],
    [
      'no phone on the staff-augmentation contact',
      'contact',
      { ...contact, variant: 'staff-augmentation' },
      'phone',
      'Please enter a phone number so we can call you.',
      'Escribí un número de teléfono para que podamos llamarte.',
    ],
    ['an unknown guide', 'guide', { email: 'a@example.com', guide: 'seo-guide' }, 'guide', 'Please choose one of our guides.', 'Elegí una de nuestras guías.'],
    ['an English level of A2', 'careers', { ...careers, englishLevel: 'A2' }, 'englishLevel', 'Please choose B1, B2, C1 or C2.', 'Elegí B1, B2, C1 o C2.'],
    [
      'a profile URL without a scheme',
      'careers',
      { ...careers, profileUrl: 'linkedin.com/in/luis' },
      'profileUrl',
      'Please enter a full web address starting with https://.',
      'Escribí una dirección web completa que empiece con https://.',
    ],
    [
      'a javascript: profile URL',
      'careers',
      { ...careers, profileUrl: 'javascript:alert(1)' },
      'profileUrl',
      'Please enter a full web address starting with https://.',
      'Escribí una dirección web completa que empiece con https://.',
    ],
    ['no CV', 'careers', { name: 'Luis', email: 'luis@example.com' }, 'cv', 'Please attach your CV.', 'Adjuntá tu CV.'],
    [
      'a CV over 5 MB',
      'careers',
      { ...careers, cv: { ...pdf, size: MAX_CV_BYTES + 1 } },
      'cv',
      'Your CV can be at most 5 MB.',
      'Tu CV puede pesar como máximo 5 MB.',
    ],
    [
      'an executable CV',
      'careers',
      { ...careers, cv: { ...pdf, type: 'application/x-elf' } },
      'cv',
      'Your CV must be a PDF or a Word (.docx) file.',
      'Tu CV debe ser un archivo PDF o Word (.docx).',
    ],
  ] as const)('%s', (_what, form, fields, field, en, es) => {
    expect(validateSubmission(form, fields, 'en')).toEqual({ ok: false, errors: { [field]: en } });
    expect(validateSubmission(form, fields, 'es')).toEqual({ ok: false, errors: { [field]: es } });
  });

  it('accepts a phone on the staff-augmentation contact, and a CV of exactly 5 MiB', () => {
    expect(validateSubmission('contact', { ...contact, variant: 'staff-augmentation', phone: '+54 11 5123-4567' }, 'en')).toMatchObject({ ok: true });
    expect(validateSubmission('careers', { ...careers, cv: { ...pdf, size: MAX_CV_BYTES } }, 'en')).toMatchObject({ ok: true });
  });

  it('drops unknown fields and ignores values that are not text', () => {
    const result = validateSubmission('newsletter', { email: 'a@example.com', admin: 'true', website: '' }, 'en');
    expect(result).toEqual({ ok: true, data: { email: 'a@example.com' } });
    expect(validateSubmission('contact', { ...contact, name: { $gt: '' } }, 'en')).toEqual({ ok: false, errors: { name: 'Please enter your name.' } });
  });

  it('falls back to English for a locale without messages', () => {
    expect(validateSubmission('newsletter', {}, 'pt')).toEqual({ ok: false, errors: { email: 'Please enter your email address.' } });
  });

  it('has a Spanish text for every message, addressed with "tú" (no voseo, no usted)', () => {
    for (const [id, text] of Object.entries(errorMessages)) {
      expect(text.es, id).not.toBe('');
      expect(text.es, id).not.toMatch(/\b(usted|ingresá|escribí|elegí|adjuntá|revisá)\b/i);
    }
  });
});

describe('browser safety', () => {
  it.each(['index.ts', 'schemas.ts', 'error-messages.ts', 'validate-submission.ts'])('src/forms/schema/%s imports nothing from Node', (file) => {
    const source = readFileSync(new URL(`../../../src/forms/schema/${file}`, import.meta.url), 'utf8');
    const imports = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
    expect(imports.every((name) => name === 'zod' || /^\.\/(schemas|error-messages|validate-submission)\.ts$/.test(name!))).toBe(true);
  });
});
