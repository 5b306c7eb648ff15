import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormsHandler, openDatabase, thankYouRedirects } from '../../src/forms/index.ts';
import { CONTACT, careersForm, docxBytes, elfBytes, form, mzBytes, pdfBytes, SITE_ORIGIN, startTestServer, tempDatabase, type TestServer } from './support.ts';

const JSON_ACCEPT = { accept: 'application/json' };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

function lead(id: string): { form: string; status: string; spam_reason: string | null; locale: string; fields: string } {
  return server.rows<{ form: string; status: string; spam_reason: string | null; locale: string; fields: string }>('SELECT * FROM leads WHERE id = ?', id)[0]!;
}

describe('content types', () => {
  it('a plain url-encoded post is stored and redirected (303) to the thank-you page of its locale', async () => {
    const en = await server.post('contact', { body: form(CONTACT) });
    expect(en.status).toBe(303);
    expect(en.headers.get('location')).toBe('/thank-you/');
    const es = await server.post('contact', { body: form({ ...CONTACT, locale: 'es' }) });
    expect(es.headers.get('location')).toBe('/es/gracias/');
    const guide = await server.post('guide', { body: form({ email: 'ana@example.com', guide: 'mvp-guide', locale: 'es' }) });
    expect(guide.headers.get('location')).toBe('/es/gracias-guia/');
  });

  it('a url-encoded post that asks for JSON gets 201 with the id of the stored lead', async () => {
    const res = await server.post('contact', { body: form(CONTACT), headers: JSON_ACCEPT });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { ok: boolean; id: string };
    expect(body.ok).toBe(true);
    const row = lead(body.id);
    expect(row).toMatchObject({ form: 'contact', status: 'accepted', locale: 'en' });
    expect(JSON.parse(row.fields)).toEqual({ name: 'Ana Pérez', email: 'ana@example.com', message: 'We need an app for our clinic.' });
  });

  it('a JSON body is answered in JSON', async () => {
    const res = await server.post('newsletter', {
      body: JSON.stringify({ email: 'ana@example.com', locale: 'es' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(201);
    expect(lead(((await res.json()) as { id: string }).id)).toMatchObject({ form: 'newsletter', locale: 'es', status: 'accepted' });
  });

  it('a multipart post without a file works for the text forms', async () => {
    const body = new FormData();
    for (const [k, v] of Object.entries(CONTACT)) body.append(k, v);
    const res = await server.post('contact', { body, headers: JSON_ACCEPT });
    expect(res.status).toBe(201);
  });

  it('other content types get 415 and malformed JSON gets 400', async () => {
    expect((await server.post('contact', { body: 'hi', headers: { 'content-type': 'text/plain', ...JSON_ACCEPT } })).status).toBe(415);
    expect((await server.post('contact', { body: '{"name":', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((await server.post('contact', { body: '[1,2]', headers: { 'content-type': 'application/json' } })).status).toBe(400);
  });
});

describe('invalid submissions', () => {
  it('JSON clients get 422 with every field error in their language', async () => {
    const res = await server.post('contact', {
      body: form({ email: 'nope', message: 'short', locale: 'es', variant: 'staff-augmentation' }),
      headers: JSON_ACCEPT,
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { ok: boolean; errors: Record<string, string> };
    expect(body.ok).toBe(false);
    expect(body.errors).toEqual({
      name: 'Escribí tu nombre.',
      email: 'Escribí un correo electrónico válido, por ejemplo nombre@ejemplo.com.',
      message: 'Tu mensaje necesita al menos 10 caracteres.',
      phone: 'Escribí un número de teléfono para que podamos llamarte.',
    });
  });

  it('a plain post gets a small page (422) listing the errors, linking back to a same-origin Referer', async () => {
    const referer = `${SITE_ORIGIN}/es/contacto/`;
    const res = await server.post('contact', { body: form({ ...CONTACT, name: '', locale: 'es' }), headers: { referer } });
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<strong>Nombre:</strong> Escribí tu nombre.');
    expect(html).toContain(`<a href="${referer}">Volver al formulario</a>`);
  });

  it("a foreign Referer is not linked: the way back is the locale's home", async () => {
    const res = await server.post('contact', { body: form({ ...CONTACT, email: 'x', locale: 'es' }), headers: { referer: 'https://evil.example/phish' } });
    const html = await res.text();
    expect(html).not.toContain('evil.example');
    expect(html).toContain('<a href="/es/">');
  });

  it('an invalid submission stores nothing', async () => {
    const before = server.rows('SELECT id FROM leads').length;
    await server.post('guide', { body: form({ email: 'ana@example.com', guide: 'unknown-guide' }), headers: JSON_ACCEPT });
    expect(server.rows('SELECT id FROM leads')).toHaveLength(before);
  });
});

describe('routing', () => {
  it('unknown forms are 404 and other methods 405 with Allow', async () => {
    expect((await server.post('survey', { body: form(CONTACT) })).status).toBe(404);
    const get = await fetch(`${server.url}/api/forms/contact`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('the handler leaves other paths to the next handler (static files)', async () => {
    const { db, cleanup } = tempDatabase();
    const handle = createFormsHandler({
      db,
      uploadsDir: join(server.dir, 'uploads-2'),
      redirects: thankYouRedirects({ locales: ['en'], defaultLocale: 'en' }),
    });
    const http = createServer(async (req, res) => {
      if (!(await handle(req, res))) res.end('static');
    });
    await new Promise<void>((ready) => http.listen(0, '127.0.0.1', ready));
    const port = (http.address() as { port: number }).port;
    try {
      expect(await (await fetch(`http://127.0.0.1:${port}/es/`)).text()).toBe('static');
      expect(await (await fetch(`http://127.0.0.1:${port}/api/formsx`)).text()).toBe('static');
      expect((await fetch(`http://127.0.0.1:${port}/api/forms/contact`)).status).toBe(405);
    } finally {
      await new Promise((done) => http.close(done));
      cleanup();
    }
  });
});

describe('spam', () => {
  it('a filled honeypot is stored as spam and answered like a success', async () => {
    const res = await server.post('contact', { body: form({ ...CONTACT, website: 'http://spam.example' }) });
    expect(res.status).toBe(303);
    const json = await server.post('contact', { body: form({ ...CONTACT, website: 'x' }), headers: JSON_ACCEPT });
    expect(json.status).toBe(201);
    expect(lead(((await json.json()) as { id: string }).id)).toMatchObject({ status: 'spam', spam_reason: 'honeypot' });
  });

  it('a form sent faster than the minimum fill time is spam; a missing startedAt is not', async () => {
    const fast = await server.post('newsletter', { body: form({ email: 'a@example.com', startedAt: String(Date.now() - 500) }), headers: JSON_ACCEPT });
    expect(lead(((await fast.json()) as { id: string }).id)).toMatchObject({ status: 'spam', spam_reason: 'too-fast' });
    const slow = await server.post('newsletter', { body: form({ email: 'a@example.com', startedAt: String(Date.now() - 60_000) }), headers: JSON_ACCEPT });
    expect(lead(((await slow.json()) as { id: string }).id)).toMatchObject({ status: 'accepted' });
    const none = await server.post('newsletter', { body: form({ email: 'a@example.com' }), headers: JSON_ACCEPT });
    expect(lead(((await none.json()) as { id: string }).id)).toMatchObject({ status: 'accepted' });
  });
});

describe('CORS', () => {
  it('answers the preflight of the site origin and refuses others', async () => {
    const ok = await fetch(`${server.url}/api/forms/contact`, { method: 'OPTIONS', headers: { origin: SITE_ORIGIN, 'access-control-request-method': 'POST' } });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN);
    expect(ok.headers.get('access-control-allow-methods')).toContain('POST');
    const denied = await fetch(`${server.url}/api/forms/contact`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(denied.status).toBe(403);
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('a post from the site origin carries the allow header; one from elsewhere is refused and not stored', async () => {
    const ok = await server.post('contact', { body: form(CONTACT), headers: { ...JSON_ACCEPT, origin: SITE_ORIGIN } });
    expect(ok.status).toBe(201);
    expect(ok.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN);
    const before = server.rows('SELECT id FROM leads').length;
    const evil = await server.post('contact', { body: form(CONTACT), headers: { ...JSON_ACCEPT, origin: 'https://evil.example' } });
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect(server.rows('SELECT id FROM leads')).toHaveLength(before);
  });
});

describe('careers uploads', () => {
  const applicant = { name: 'Luis', email: 'luis@example.com', role: 'android', englishLevel: 'B2', locale: 'es' };

  it('a small PDF is stored under a random name in the uploads folder, outside the web root', async () => {
    const res = await server.post('careers', { body: careersForm(applicant, { bytes: pdfBytes(), name: 'cv.pdf' }), headers: JSON_ACCEPT });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [upload] = server.rows<{ stored_name: string; original_name: string; mime: string; size: number }>('SELECT * FROM uploads WHERE lead_id = ?', id);
    expect(upload).toMatchObject({ original_name: 'cv.pdf', mime: 'application/pdf', size: pdfBytes().length });
    expect(upload!.stored_name).toMatch(/^[0-9a-f]{32}$/);
    const stored = join(server.uploadsDir, upload!.stored_name);
    expect(existsSync(stored)).toBe(true);
    expect(resolve(stored).startsWith(resolve('out'))).toBe(false);
    expect(JSON.parse(lead(id).fields)).toEqual({ name: 'Luis', email: 'luis@example.com', role: 'android', englishLevel: 'B2' });
  });

  it('a .docx is accepted, its type read from its bytes', async () => {
    const res = await server.post('careers', {
      body: careersForm(applicant, { bytes: docxBytes(), name: 'cv.docx', type: 'application/octet-stream' }),
      headers: JSON_ACCEPT,
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(server.rows<{ mime: string }>('SELECT mime FROM uploads WHERE lead_id = ?', id)[0]!.mime).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it.each([
    ['an ELF executable', elfBytes()],
    ['a Windows (MZ) executable', mzBytes()],
    ['a text file', Buffer.from('just some text, not a CV at all')],
  ])('%s renamed cv.pdf is refused with 422 and not kept', async (_what, bytes) => {
    const before = server.uploads().length;
    const res = await server.post('careers', { body: careersForm(applicant, { bytes, name: 'cv.pdf' }), headers: JSON_ACCEPT });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: Record<string, string> }).errors).toEqual({ cv: 'Tu CV debe ser un archivo PDF o Word (.docx).' });
    expect(server.uploads()).toHaveLength(before);
  });

  it('a 6 MB CV is refused with 413 and leaves no file behind', async () => {
    const before = server.uploads().length;
    const big = Buffer.concat([pdfBytes(), Buffer.alloc(6 * 1024 * 1024)]);
    const res = await server.post('careers', { body: careersForm(applicant, { bytes: big, name: 'cv.pdf' }), headers: JSON_ACCEPT });
    expect(res.status).toBe(413);
    expect(server.uploads()).toHaveLength(before);
    // The server is still there for the next visitor.
    expect((await server.post('newsletter', { body: form({ email: 'a@example.com' }), headers: JSON_ACCEPT })).status).toBe(201);
  });

  it('a CV one byte over 5 MiB streamed without Content-Length is cut off mid-stream with 413', async () => {
    const before = server.uploads().length;
    const bytes = Buffer.concat([pdfBytes(), Buffer.alloc(5 * 1024 * 1024 + 1 - pdfBytes().length)]);
    const multipart = new Response(careersForm(applicant, { bytes, name: 'cv.pdf' }));
    const res = await server.post('careers', {
      body: multipart.body,
      headers: { 'content-type': multipart.headers.get('content-type')!, ...JSON_ACCEPT },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(server.uploads()).toHaveLength(before);
  });

  it('a CV of exactly 5 MiB still fits', async () => {
    const bytes = Buffer.concat([pdfBytes(), Buffer.alloc(5 * 1024 * 1024 - pdfBytes().length)]);
    const res = await server.post('careers', { body: careersForm(applicant, { bytes, name: 'cv.pdf' }), headers: JSON_ACCEPT });
    expect(res.status).toBe(201);
  });

  it('a missing CV, or a cv text field pretending to be one, is a 422', async () => {
    const res = await server.post('careers', { body: careersForm(applicant), headers: JSON_ACCEPT });
    expect(res.status).toBe(422);
    const json = await server.post('careers', {
      body: JSON.stringify({ ...applicant, cv: { name: 'cv.pdf', size: 10, type: 'application/pdf' } }),
      headers: { 'content-type': 'application/json' },
    });
    expect(json.status).toBe(422);
    expect(((await json.json()) as { errors: Record<string, string> }).errors).toHaveProperty('cv');
  });

  it('an oversized url-encoded body is a 413', async () => {
    const res = await server.post('contact', { body: form({ ...CONTACT, message: 'x'.repeat(100_000) }), headers: JSON_ACCEPT });
    expect(res.status).toBe(413);
  });
});

describe('robustness', () => {
  it('malformed multipart is a 400 and the server keeps answering', async () => {
    const res = await server.post('careers', { body: '--nope\r\ngarbage', headers: { 'content-type': 'multipart/form-data', ...JSON_ACCEPT } });
    expect(res.status).toBe(400);
    const truncated = await server.post('careers', {
      body: '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nLu',
      headers: { 'content-type': 'multipart/form-data; boundary=b', ...JSON_ACCEPT },
    });
    expect([400, 422]).toContain(truncated.status);
    expect((await server.post('newsletter', { body: form({ email: 'a@example.com' }), headers: JSON_ACCEPT })).status).toBe(201);
  });

  it('an upload the disk refuses is a 500, not a "please attach your CV"', async () => {
    const broken = await startTestServer({ onError: () => {} });
    try {
      rmSync(broken.uploadsDir, { recursive: true });
      const res = await broken.post('careers', {
        body: careersForm({ name: 'Luis', email: 'luis@example.com' }, { bytes: pdfBytes(), name: 'cv.pdf' }),
        headers: JSON_ACCEPT,
      });
      expect(res.status).toBe(500);
      expect(await res.text()).toBe('{"ok":false,"error":"internal error"}');
      expect(broken.rows('SELECT id FROM leads')).toHaveLength(0);
    } finally {
      await broken.stop();
    }
  });

  it('an internal failure is a plain 500, without a stack trace', async () => {
    const { db, dir, cleanup } = tempDatabase();
    const errors: unknown[] = [];
    const handle = createFormsHandler({
      db,
      uploadsDir: join(dir, 'uploads'),
      redirects: thankYouRedirects({ locales: ['en'], defaultLocale: 'en' }),
      onError: (e) => errors.push(e),
    });
    db.close(); // every write now throws
    const http = createServer((req, res) => void handle(req, res));
    await new Promise<void>((ready) => http.listen(0, '127.0.0.1', ready));
    try {
      const res = await fetch(`http://127.0.0.1:${(http.address() as { port: number }).port}/api/forms/newsletter`, {
        method: 'POST',
        body: form({ email: 'a@example.com' }),
      });
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(text).toBe('{"ok":false,"error":"internal error"}');
      expect(errors).toHaveLength(1);
    } finally {
      await new Promise((done) => http.close(done));
      cleanup();
    }
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After past the limit for one client address', async () => {
    const limited = await startTestServer({ rateLimit: { max: 2, windowMs: 60_000 } });
    try {
      const send = () => limited.post('newsletter', { body: form({ email: 'a@example.com' }), headers: JSON_ACCEPT });
      expect((await send()).status).toBe(201);
      expect((await send()).status).toBe(201);
      const third = await send();
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(limited.rows('SELECT id FROM leads')).toHaveLength(2);
    } finally {
      await limited.stop();
    }
  });
});

describe('storage', () => {
  it('runs in WAL mode with synchronous=FULL', () => {
    expect(server.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(server.db.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('reopens an existing database without losing rows', () => {
    const path = join(server.dir, 'leads.db');
    const again = openDatabase({ path, fileMustExist: true });
    try {
      expect((again.prepare('SELECT count(*) AS n FROM leads').get() as { n: number }).n).toBeGreaterThan(0);
    } finally {
      again.close();
    }
  });
});
