import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, copyFixture, ROOT } from '../support/fixture.ts';
import { startCli, type RunningCli } from '../support/start-cli.ts';
import { startMailReceiver, type MailReceiver } from './mail-receiver.ts';
import { CONTACT, form, runCli } from './support.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

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

  // The forms commands print errors through the CLI's one run(), like build and serve.
  it('shows a broken site.yaml with its code frame, and exits with 1', async () => {
    const fixture = await copyFixture('basic');
    try {
      const file = join(fixture.site, 'site.yaml');
      writeFileSync(file, readFileSync(file, 'utf8').replace(/^defaultLocale: en$/m, 'defaultLocale: [en'));
      const { err } = await runCli('forms', '--site', fixture.site);
      expect(err).toMatch(/^error .*site\.yaml:\d+:\d+: Malformed YAML \(YamlSyntaxError\)\n/);
      expect(err).toMatch(/\n {4}3 \| defaultLocale: \[en\n  > 4 \| locales:\n/);
      // js-yaml's own message is already quoted on the second line.
      expect(err).not.toContain('Caused by');
      expect(process.exitCode).toBe(1);
    } finally {
      await fixture.cleanup();
    }
  });
});

/** `bin/agency-site forms` as a child process over the basic fixture site and a temporary database. */
function startFormsCli(args: string[], env: Record<string, string>): Promise<RunningCli> {
  const dir = mkdtempSync(join(tmpdir(), 'agency-forms-cli-'));
  return startCli({
    args: [
      'forms',
      '--port',
      '0',
      '--site',
      join(ROOT, 'tests/fixtures/basic/site'),
      '--db',
      join(dir, 'leads.db'),
      '--uploads',
      join(dir, 'uploads'),
      ...args,
    ],
    env,
    ready: /forms endpoint at (http:\/\/\S+?)\/api\/forms\//,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  });
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
    // The operator's log says a lead arrived, and nothing the visitor typed.
    await expect.poll(() => cli!.output(), { timeout: 5_000 }).toContain(`lead stored: contact form (en), id ${id}`);
    expect(cli.output()).not.toContain('Ana');
  });

  it('without an SMTP URL says once that notification e-mails wait in the outbox', async () => {
    cli = await startFormsCli(['--notify-email', 'sales@example.com'], {});
    expect(cli.stdout.match(/notification e-mails/g)).toHaveLength(1);
    expect(cli.stdout).toContain('notification e-mails to sales@example.com are queued but not sent until --smtp-url or SMTP_URL is given');
  });
});

describe('agency-site serve delivers leads like forms', () => {
  let fixture: Awaited<ReturnType<typeof copyFixture>>;
  let cli: RunningCli | undefined;
  let receiver: MailReceiver | undefined;
  let hook: WebhookReceiver | undefined;
  beforeAll(async () => {
    fixture = await copyFixture('basic');
    await buildFixture(fixture);
  });
  afterAll(() => fixture?.cleanup());
  afterEach(async () => {
    await cli?.stop();
    await receiver?.close();
    await hook?.close();
    cli = receiver = hook = undefined;
  });

  it('e-mails a posted lead through SMTP_URL and POSTs it to --webhook', async () => {
    receiver = await startMailReceiver();
    hook = await startWebhookReceiver([]);
    // The working folder holds .data/leads.db, so each run starts with an empty outbox.
    cli = await startCli({
      args: ['serve', '--no-build', '--port', '0', '--site', fixture.site, '--out', fixture.out, '--notify-email', 'sales@example.com', '--webhook', hook.url],
      env: { SMTP_URL: receiver.url },
      cwd: fixture.dir,
      ready: /serving \S+ at (http:\/\/\S+?)\/ /,
    });
    expect(cli.stdout).toContain(`notification e-mails are sent through smtp://127.0.0.1:${receiver.port} from leads@fixture.example`);

    const res = await fetch(`${cli.url}/api/forms/contact`, { method: 'POST', body: form(CONTACT), headers: { accept: 'application/json' } });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await expect.poll(() => receiver!.messages.length, { timeout: 10_000 }).toBe(1);
    expect(receiver.messages[0]).toMatchObject({ from: 'leads@fixture.example', to: ['sales@example.com'] });
    expect(receiver.messages[0]!.text).toContain(`Lead id: ${id}`);
    await expect.poll(() => hook!.hits.length, { timeout: 10_000 }).toBe(1);
    expect(JSON.parse(hook.hits[0]!.body)).toMatchObject({ event: 'lead.created', lead: { id, form: 'contact', fields: { name: 'Ana Pérez' } } });
    await expect.poll(() => cli!.output(), { timeout: 5_000 }).toContain(`lead stored: contact form (en), id ${id}`);
    expect(cli.output()).not.toContain('ana@example.com');
  });

  it('exits with 1 on a bad --smtp-url, before building, and names the flag', async () => {
    const { SMTP_URL: _, ...env } = process.env;
    const result = await new Promise<{ code: number | null; stderr: string }>((done) => {
      execFile(
        process.execPath,
        [
          join(ROOT, 'bin/agency-site'),
          'serve',
          '--site',
          MISSING_SITE,
          '--out',
          join(fixture.dir, 'never'),
          '--smtp-url',
          'https://leads:s3cret@mail.example.com',
        ],
        { env },
        (error, _stdout, stderr) => done({ code: error ? (error.code as number | null) : 0, stderr }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid --smtp-url');
    expect(result.stderr).not.toContain('s3cret');
    expect(result.stderr).not.toContain('constants.yaml');
  });
});
