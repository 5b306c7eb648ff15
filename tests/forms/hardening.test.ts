// The adversarial pass's findings against the forms endpoint and `leads backup`, each as the
// request or command that reproduced it. Descriptors are counted in /proc/self/fd: the server runs
// in this process, so a handle it leaks is one more entry there.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupLeads, insertLead, newLeadId, openDatabase } from '../../src/forms/index.ts';
import { careersForm, CONTACT, form, pdfBytes, startTestServer, type TestServer } from './support.ts';

const JSON_ACCEPT = { accept: 'application/json' };
const APPLICANT = { name: 'Lucía', email: 'lucia@example.com', role: 'Frontend', english: 'C1', locale: 'es' };
const openDescriptors = () => readdirSync('/proc/self/fd').length;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** One raw HTTP/1.1 request, its status line's code: fetch would normalise the odd targets away. */
function rawStatus(port: number, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

describe('uploads leave no file and no open handle behind', () => {
  it.each([
    [
      'a 70 KB text field before a 5 MiB CV',
      () => careersForm({ ...APPLICANT, role: 'x'.repeat(70_000) }, { bytes: Buffer.concat([pdfBytes(), Buffer.alloc(5 * 1024 * 1024)]), name: 'cv.pdf' }),
    ],
    ['a 70 KB text field before a small CV', () => careersForm({ ...APPLICANT, role: 'x'.repeat(70_000) }, { bytes: pdfBytes(), name: 'cv.pdf' })],
    [
      '51 fields before a small CV',
      () =>
        careersForm({ ...APPLICANT, ...Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`extra${i}`, 'x'])) }, { bytes: pdfBytes(), name: 'cv.pdf' }),
    ],
  ])('%s: 413, twenty times, and the uploads folder and descriptor table end as they began', async (_name, body) => {
    const files = server.uploads().length;
    const descriptors = openDescriptors();
    for (let i = 0; i < 20; i++) {
      const res = await server.post('careers', { body: body(), headers: { ...JSON_ACCEPT, connection: 'close' } });
      expect(res.status).toBe(413);
      await res.arrayBuffer();
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(server.uploads()).toHaveLength(files);
    // Sockets of the test's own client may linger a moment; a leak was one handle per request.
    expect(openDescriptors() - descriptors).toBeLessThan(5);
  });

  it('a stored CV is in the uploads folder under its stored name, with no partial file left', async () => {
    const res = await server.post('careers', { body: careersForm(APPLICANT, { bytes: pdfBytes(), name: 'cv.pdf' }), headers: JSON_ACCEPT });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [row] = server.rows<{ stored_name: string }>('SELECT stored_name FROM uploads WHERE lead_id = ?', id);
    expect(existsSync(join(server.uploadsDir, row!.stored_name))).toBe(true);
    expect(server.uploads().filter((f) => f.endsWith('.partial'))).toEqual([]);
  });
});

describe('uploads a killed server was receiving', () => {
  it('are removed at the next start when no lead was stored, finished when one was, and left alone while their process runs', async () => {
    const dir = join(server.dir, 'restart');
    const uploads = join(dir, 'uploads');
    mkdirSync(uploads, { recursive: true });
    // The pid of a process that has exited: what a SIGKILLed server's files carry.
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const db = openDatabase({ path: join(dir, 'leads.db') });
    const committed = 'a'.repeat(32);
    insertLead(db, {
      id: newLeadId(),
      form: 'careers',
      locale: 'es',
      fields: { name: 'Lucía' },
      status: 'accepted',
      createdAt: new Date().toISOString(),
      upload: { storedName: committed, originalName: 'cv.pdf', mime: 'application/pdf', size: 4 },
    });
    db.close();
    writeFileSync(join(uploads, `${'b'.repeat(32)}.${dead}.partial`), 'half a CV');
    writeFileSync(join(uploads, `${committed}.${dead}.partial`), '%PDF');
    writeFileSync(join(uploads, `${'c'.repeat(32)}.${process.ppid}.partial`), 'another server is receiving this');
    const restarted = await startTestServer({ dbPath: join(dir, 'leads.db'), uploadsDir: uploads });
    try {
      expect(readdirSync(uploads).sort()).toEqual([committed, `${'c'.repeat(32)}.${process.ppid}.partial`].sort());
      expect(readFileSync(join(uploads, committed), 'utf8')).toBe('%PDF');
    } finally {
      await restarted.stop();
    }
  });
});

describe('--trust-proxy', () => {
  it('limits by the address the proxy appended, however the client fills X-Forwarded-For', async () => {
    const limited = await startTestServer({ rateLimit: { max: 10, windowMs: 60_000 }, trustProxy: true });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 15; i++) {
        const res = await limited.post('newsletter', {
          body: form({ email: `n${i}@example.com` }),
          // What nginx's $proxy_add_x_forwarded_for passes on: the client's own value, then the real address.
          headers: { ...JSON_ACCEPT, 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
        });
        statuses.push(res.status);
      }
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    } finally {
      await limited.stop();
    }
  });
});

describe('odd request targets on the standalone server', () => {
  it.each(['//', '//[', 'http://[::1', '//a:b@/x'])('%s is a 400, and the server keeps answering', async (target) => {
    const port = Number(new URL(server.url).port);
    expect(await rawStatus(port, target)).toBe(400);
    expect((await server.post('newsletter', { body: form({ email: 'still@example.com' }), headers: JSON_ACCEPT })).status).toBe(201);
  });
});

describe('what a person typed', () => {
  it('loses bidirectional controls, and a name of zero-width spaces is no name', async () => {
    const res = await server.post('contact', { body: form({ ...CONTACT, name: 'Ann\u202egnp.exe' }), headers: JSON_ACCEPT });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(JSON.parse(server.rows<{ fields: string }>('SELECT fields FROM leads WHERE id = ?', id)[0]!.fields).name).toBe('Anngnp.exe');
    const empty = await server.post('contact', { body: form({ ...CONTACT, name: '\u200b\u200b\u200b' }), headers: JSON_ACCEPT });
    expect(empty.status).toBe(422);
    expect(((await empty.json()) as { errors: Record<string, string> }).errors).toHaveProperty('name');
  });

  it("the contact form's 413 page speaks of the message, not of a CV", async () => {
    const res = await server.post('contact', { body: form({ ...CONTACT, message: 'x'.repeat(100_000) }) });
    expect(res.status).toBe(413);
    const page = await res.text();
    expect(page).not.toMatch(/CV/);
    expect(page).toContain('Shorten the longest field');
  });
});

describe('leads backup', () => {
  it.each([
    ['the same path written relatively', (db: string) => relative(process.cwd(), db)],
    ['a symbolic link to the database', (db: string) => (symlinkSync(db, `${db}.link`), `${db}.link`)],
  ])('refuses %s, and the live database keeps its leads', async (_name, spell) => {
    const db = join(server.dir, 'leads.db');
    const before = server.rows('SELECT id FROM leads').length;
    await expect(backupLeads({ db, file: spell(db) })).rejects.toThrow(/is the database itself/);
    expect(server.rows('SELECT id FROM leads')).toHaveLength(before);
    expect(existsSync(db)).toBe(true);
  });

  it('leaves the copy alone in its folder: no -wal, -shm or partial files beside it', async () => {
    const dir = join(server.dir, 'backups');
    mkdirSync(dir);
    await backupLeads({ db: join(server.dir, 'leads.db'), file: join(dir, 'leads.db') });
    expect(readdirSync(dir)).toEqual(['leads.db']);
  });
});

describe('the multipart reader under generated bodies', () => {
  type Part = { kind: 'field'; name: string; value: string } | { kind: 'file'; name: string; bytes: Uint8Array };
  const part = fc.oneof(
    fc.record({
      kind: fc.constant('field' as const),
      name: fc.constantFrom('name', 'email', 'role', 'english', 'locale', 'x'),
      value: fc.string({ maxLength: 80_000 }),
    }),
    fc.record({ kind: fc.constant('file' as const), name: fc.constantFrom('cv', 'other'), bytes: fc.uint8Array({ maxLength: 20_000 }) }),
  );
  const body = (parts: Part[], cut: number | undefined) => {
    const chunks = parts.map((p) =>
      Buffer.concat([
        Buffer.from(
          `--B\r\nContent-Disposition: form-data; name="${p.name}"${p.kind === 'file' ? '; filename="cv.pdf"\r\nContent-Type: application/pdf' : ''}\r\n\r\n`,
        ),
        p.kind === 'file' ? Buffer.concat([Buffer.from('%PDF-1.7\n'), p.bytes]) : Buffer.from(p.value),
        Buffer.from('\r\n'),
      ]),
    );
    const whole = Buffer.concat([...chunks, Buffer.from('--B--\r\n')]);
    return cut === undefined ? whole : whole.subarray(0, cut % (whole.length + 1));
  };

  it('a body cut off inside a file part the form does not take answers 400, and the server lives on', async () => {
    const cut = [
      '--B\r\nContent-Disposition: form-data; name="name"\r\n\r\nLucía\r\n',
      '--B\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    ].join('');
    const res = await server.post('careers', {
      body: Buffer.from(cut),
      headers: { ...JSON_ACCEPT, 'content-type': 'multipart/form-data; boundary=B', connection: 'close' },
    });
    expect(res.status).toBe(400);
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 100));
    const next = await server.post('careers', { body: careersForm(APPLICANT, { bytes: pdfBytes(), name: 'cv.pdf' }), headers: JSON_ACCEPT });
    expect(next.status).toBe(201);
  });

  it('answers 201, 400, 413 or 422, and leaves no file nor descriptor behind', async () => {
    const descriptors = openDescriptors();
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 60 }), fc.option(fc.nat(), { nil: undefined }), async (parts, cut) => {
        const before = server.uploads().filter((f) => f.endsWith('.partial')).length;
        const res = await server.post('careers', {
          body: body(parts, cut),
          headers: { ...JSON_ACCEPT, 'content-type': 'multipart/form-data; boundary=B', connection: 'close' },
        });
        await res.arrayBuffer();
        expect([201, 400, 413, 422]).toContain(res.status);
        expect(server.uploads().filter((f) => f.endsWith('.partial'))).toHaveLength(before);
      }),
      { numRuns: 40 },
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(openDescriptors() - descriptors).toBeLessThan(5);
  });
});
