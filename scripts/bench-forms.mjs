// Forms reliability benchmark, against servers on 127.0.0.1 only:
//  (a) N submissions sent at once → expect N rows and no errors; submissions/s, p50/p99 latency;
//  (b) a burst at a child server that is SIGKILLed mid-burst, then restarted: every acknowledged
//      submission must be in the database, and PRAGMA integrity_check must say ok.
// Usage: node scripts/bench-forms.mjs [N=1000] [BURST=2000]
// src/forms is bundled with esbuild into .cache/ first, so no `npm run compile` is needed.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const [concurrent = 1000, burst = 2000] = process.argv.slice(2).map(Number).filter(Boolean);
const KILL_AFTER_ACKS = Math.floor(burst / 4);
const BURST_CONCURRENCY = 64;
const children = new Set();

// Bounded in time whatever happens: children are killed and the run fails after 5 minutes.
setTimeout(() => {
  console.error('bench-forms: gave up after 5 minutes');
  for (const child of children) child.kill('SIGKILL');
  process.exit(2);
}, 5 * 60_000).unref();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

const bundleDir = join(root, '.cache/bench-forms');
mkdirSync(bundleDir, { recursive: true });
await build({
  entryPoints: { forms: join(root, 'src/forms/index.ts') },
  outdir: bundleDir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
// The child: the standalone server, as `agency-site forms` runs it, printing its URL when ready.
writeFileSync(
  join(bundleDir, 'server.mjs'),
  `import { startFormsServer } from './forms.mjs';
const [dbPath, uploadsDir] = process.argv.slice(2);
const forms = await startFormsServer({ port: 0, host: '127.0.0.1', dbPath, uploadsDir, rateLimit: false,
  redirects: { en: { thankYou: '/thank-you/', thankYouGuide: '/thank-you-guide/' } } });
console.log(JSON.stringify({ url: forms.url }));
process.once('SIGTERM', () => void forms.close().then(() => process.exit(0)));
`,
);

function startChild(dir) {
  const child = spawn(process.execPath, [join(bundleDir, 'server.mjs'), join(dir, 'leads.db'), join(dir, 'uploads')], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return new Promise((ready, fail) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n')[0];
      if (out.includes('\n')) ready({ child, url: JSON.parse(line).url });
    });
    child.once('exit', (code) => fail(new Error(`forms server exited early (${code})`)));
  });
}

function stopChild(child, signal = 'SIGTERM') {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill(signal);
  });
}

async function submit(url, i) {
  const body = new URLSearchParams({ name: `Bench ${i}`, email: `bench${i}@example.com`, message: `Benchmark submission number ${i}.`, locale: 'en' });
  const started = performance.now();
  const res = await fetch(`${url}/api/forms/contact`, { method: 'POST', body, headers: { accept: 'application/json' }, signal: AbortSignal.timeout(30_000) });
  const json = await res.json();
  return { status: res.status, id: json.id, ms: performance.now() - started };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const rowCount = (dir) => {
  const db = new Database(join(dir, 'leads.db'), { readonly: true });
  try {
    return db.prepare('SELECT count(*) AS n FROM leads').get().n;
  } finally {
    db.close();
  }
};

// (a) Throughput: everything sent at once.
{
  const dir = mkdtempSync(join(tmpdir(), 'bench-forms-a-'));
  const { child, url } = await startChild(dir);
  const started = performance.now();
  const results = await Promise.allSettled(Array.from({ length: concurrent }, (_, i) => submit(url, i)));
  const seconds = (performance.now() - started) / 1000;
  await stopChild(child);
  const ok = results.filter((r) => r.status === 'fulfilled' && r.value.status === 201);
  const errors = results.length - ok.length;
  const latencies = ok.map((r) => r.value.ms).sort((a, b) => a - b);
  const rows = rowCount(dir);
  console.log(`(a) ${concurrent} concurrent submissions: ${ok.length} × 201, ${errors} errors, ${rows} rows in the database`);
  console.log(
    `    ${(concurrent / seconds).toFixed(0)} submissions/s (${seconds.toFixed(2)} s); latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1).toFixed(1)} ms`,
  );
  rmSync(dir, { recursive: true, force: true });
  if (errors !== 0 || rows !== concurrent) process.exitCode = 1;
}

// (b) Durability: SIGKILL mid-burst, restart, check.
{
  const dir = mkdtempSync(join(tmpdir(), 'bench-forms-b-'));
  let { child, url } = await startChild(dir);
  const acked = [];
  let failed = 0;
  let next = 0;
  let killed = false;
  const killedAt = { sent: 0 };
  const worker = async () => {
    while (next < burst && !killed) {
      const i = next++;
      try {
        const r = await submit(url, i);
        if (r.status === 201) acked.push(r.id);
        else failed++;
      } catch {
        failed++;
      }
      if (!killed && acked.length >= KILL_AFTER_ACKS) {
        killed = true;
        killedAt.sent = next;
        child.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: BURST_CONCURRENCY }, worker));
  await stopChild(child, 'SIGKILL');
  const restarted = await startChild(dir); // reopening replays the WAL
  const after = await submit(restarted.url, burst);
  await stopChild(restarted.child);

  const db = new Database(join(dir, 'leads.db'), { readonly: true });
  const integrity = db.pragma('integrity_check', { simple: true });
  const has = db.prepare('SELECT 1 FROM leads WHERE id = ?');
  const missing = acked.filter((id) => !has.get(id)).length;
  const rows = db.prepare('SELECT count(*) AS n FROM leads').get().n;
  db.close();
  console.log(`(b) burst of ${burst} (${BURST_CONCURRENCY} at a time), SIGKILL after ${KILL_AFTER_ACKS} acknowledgements (${killedAt.sent} sent by then):`);
  console.log(
    `    ${acked.length} acknowledged, ${failed} failed or cut off; after restart ${rows} rows (incl. 1 sent after restart, answered ${after.status})`,
  );
  console.log(
    `    acknowledged but missing: ${missing}; committed but never acknowledged: ${rows - 1 - (acked.length - missing)}; integrity_check: ${integrity}`,
  );
  rmSync(dir, { recursive: true, force: true });
  if (missing !== 0 || integrity !== 'ok' || after.status !== 201) process.exitCode = 1;
}
