import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { Command } from 'commander';
import { vi } from 'vitest';
import { registerFormsCommands } from '../../src/cli/forms-commands.ts';
import { openDatabase, startFormsServer, thankYouRedirects, type Db, type FormsServer, type StartFormsServerOptions } from '../../src/forms/index.ts';

export const SITE_ORIGIN = 'https://site.example';

export interface TestServer extends FormsServer {
  dir: string;
  uploadsDir: string;
  post(path: string, init?: RequestInit): Promise<Response>;
  uploads(): string[];
  rows<T = Record<string, unknown>>(sql: string, ...params: unknown[]): T[];
  stop(): Promise<void>;
}

/** A forms server on 127.0.0.1 (a free port) with its own temporary database and uploads folder. */
export async function startTestServer(overrides: Partial<StartFormsServerOptions> = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'agency-forms-'));
  const uploadsDir = join(dir, 'uploads');
  const server = await startFormsServer({
    port: 0,
    host: '127.0.0.1',
    dbPath: join(dir, 'leads.db'),
    uploadsDir,
    redirects: thankYouRedirects({
      locales: ['en', 'es'],
      defaultLocale: 'en',
      thankYou: { en: 'thank-you', es: 'gracias' },
      thankYouGuide: { en: 'thank-you-guide', es: 'gracias-guia' },
    }),
    allowedOrigin: SITE_ORIGIN,
    rateLimit: false,
    ...overrides,
  });
  return {
    ...server,
    dir,
    uploadsDir,
    post: (path, init = {}) => fetch(`${server.url}/api/forms/${path}`, { method: 'POST', redirect: 'manual', ...init }),
    uploads: () => readdirSync(uploadsDir),
    rows: <T>(sql: string, ...params: unknown[]) => server.db.prepare(sql).all(...params) as T[],
    async stop() {
      await server.close(1000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs `agency-site <args>` (the forms and leads commands) in this process and returns what it printed. */
export async function runCli(...args: string[]): Promise<{ out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (out.push(String(chunk)), true));
  try {
    const program = new Command().exitOverride();
    registerFormsCommands(program);
    await program.parseAsync(['node', 'agency-site', ...args]);
  } finally {
    log.mockRestore();
    error.mockRestore();
    write.mockRestore();
  }
  return { out: out.join('\n'), err: err.join('\n') };
}

export function tempDatabase(): { db: Db; dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'agency-leads-'));
  const db = openDatabase({ path: join(dir, 'leads.db') });
  return { db, dir, cleanup: () => (db.close(), rmSync(dir, { recursive: true, force: true })) };
}

export function form(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}

export const CONTACT = { name: 'Ana Pérez', email: 'ana@example.com', message: 'We need an app for our clinic.', locale: 'en' };

/** A small but well-formed PDF. */
export function pdfBytes(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
}

/** A minimal .docx: a zip (stored, with a central directory) whose [Content_Types].xml declares a Word document. */
export function docxBytes(): Buffer {
  const entries: Array<[string, string]> = [
    [
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    ['word/document.xml', '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>'],
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/** The start of a Linux executable and of a Windows one: what a renamed binary looks like. */
export function elfBytes(): Buffer {
  const b = Buffer.alloc(4096);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(b);
  return b;
}

export function mzBytes(): Buffer {
  const b = Buffer.alloc(4096);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
}

export function careersForm(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type?: string }): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  if (file) body.append('cv', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/pdf' }), file.name);
  return body;
}
