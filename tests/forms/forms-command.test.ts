import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../support/fixture.ts';
import { startMailReceiver, type MailReceiver } from './mail-receiver.ts';
import { CONTACT, form, runCli } from './support.ts';

const MISSING_SITE = join(tmpdir(), 'agency-site-no-such-site');

describe('agency-site forms mail flags', () => {
  afterEach(() => {
    process.exitCode = undefined;
    delete process.env['SMTP_URL'];
  });

  // A missing --site would be the next error: the flag must be reported before anything starts.
  it.each([
    { name: 'a --smtp-url that is not smtp(s)', args: ['--smtp-url', 'https://leads:s3cret@mail.example.com'], env: undefined, error: 'Invalid --smtp-url' },
    { name: 'a --smtp-url that is not a URL', args: ['--smtp-url', 'mail.example.com:587'], env: undefined, error: 'Invalid --smtp-url' },
    { name: 'an SMTP_URL without a host', args: [], env: 'smtp://', error: 'Invalid SMTP_URL' },
    { name: 'a --mail-from that is not an address', args: ['--mail-from', 'leads'], env: undefined, error: 'Invalid --mail-from' },
  ])('$name exits with 1 and names the setting', async ({ args, env, error }) => {
    if (env !== undefined) process.env['SMTP_URL'] = env;
    const { err } = await runCli('forms', '--site', MISSING_SITE, ...args);
    expect(err).toContain(error);
    expect(err).not.toContain('s3cret');
    expect(err).not.toContain('site.yaml');
    expect(process.exitCode).toBe(1);
  });
});

interface RunningCli {
  url: string;
  stdout: string;
  stop(): Promise<void>;
}

/** `bin/agency-site forms` as a child process over the basic fixture site and a temporary database. */
async function startFormsCli(args: string[], env: Record<string, string>): Promise<RunningCli> {
  const dir = mkdtempSync(join(tmpdir(), 'agency-forms-cli-'));
  const { SMTP_URL: _, ...inherited } = process.env;
  const child: ChildProcess = spawn(
    process.execPath,
    [join(ROOT, 'bin/agency-site'), 'forms', '--port', '0', '--site', join(ROOT, 'tests/fixtures/basic/site'), '--db', join(dir, 'leads.db'), '--uploads', join(dir, 'uploads'), ...args],
    { env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async (): Promise<void> => {
    child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const url = await new Promise<string>((ready, fail) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /forms endpoint at (http:\/\/\S+?)\/api\/forms\//.exec(stdout);
        if (match) ready(match[1]!);
      });
      void exited.then(() => fail(new Error(`agency-site forms exited: ${stderr}`)));
    });
    return { url, stdout, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

describe('agency-site forms with notification e-mails', () => {
  let cli: RunningCli | undefined;
  let receiver: MailReceiver | undefined;
  afterEach(async () => {
    await cli?.stop();
    await receiver?.close();
    cli = receiver = undefined;
  });

  it('sends the e-mail of a posted lead through SMTP_URL, from leads@ the site host', async () => {
    receiver = await startMailReceiver({ requireAuth: true });
    cli = await startFormsCli(['--notify-email', 'sales@example.com'], { SMTP_URL: `smtp://leads:p%40ss@127.0.0.1:${receiver.port}` });
    expect(cli.stdout).toContain(`notification e-mails are sent through smtp://127.0.0.1:${receiver.port} from leads@fixture.example`);
    expect(cli.stdout).not.toContain('p%40ss');

    const res = await fetch(`${cli.url}/api/forms/contact`, { method: 'POST', body: form(CONTACT), headers: { accept: 'application/json' } });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await expect.poll(() => receiver!.messages.length, { timeout: 10_000 }).toBe(1);
    const mail = receiver.messages[0]!;
    expect(mail).toMatchObject({ from: 'leads@fixture.example', to: ['sales@example.com'], auth: { username: 'leads', password: 'p@ss' } });
    expect(mail.headers.get('subject')).toBe('New contact lead on Fixture Studio: Ana Pérez ana@example.com');
    expect(mail.text).toContain(`Lead id: ${id}`);
  });

  it('without an SMTP URL says once that notification e-mails wait in the outbox', async () => {
    cli = await startFormsCli(['--notify-email', 'sales@example.com'], {});
    expect(cli.stdout.match(/notification e-mails/g)).toHaveLength(1);
    expect(cli.stdout).toContain('notification e-mails to sales@example.com are queued but not sent until --smtp-url or SMTP_URL is given');
  });
});
