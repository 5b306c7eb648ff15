// Deploy benchmark: `agency-site deploy` against a real S3-protocol server (s3rver) on loopback.
// 1. the real site: a cold deploy to an empty bucket, then a deploy with nothing changed;
// 2. N synthetic posts per locale (scripts/bench.mjs's corpus): a cold deploy, then one post's
//    title and body edited, rebuilt and deployed: files and bytes uploaded, and the time.
// Each deploy is the real CLI in its own process, timed from spawn to exit.
// Usage: node scripts/bench-deploy.mjs [N]   (default N = 1000)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const cli = join(root, 'bin/agency-site');
const n = Number(process.argv[2] ?? 1000);
const env = {
  ...process.env,
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
  AWS_REGION: 'us-east-1',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  CI: 'true',
};

async function startS3(directory, bucket) {
  const child = spawn(process.execPath, ['--openssl-legacy-provider', join(root, 'tests/support/s3-server.mjs'), directory, bucket], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) resolve(JSON.parse(text.split('\n')[0]).port);
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  return { child, endpoint: `http://127.0.0.1:${port}` };
}

function build(siteDir, outDir) {
  const started = performance.now();
  execFileSync(process.execPath, [cli, 'build', '--site', siteDir, '--out', outDir, '--quiet'], { stdio: 'inherit', env });
  return performance.now() - started;
}

function deploy(siteDir, outDir, endpoint, bucket) {
  const started = performance.now();
  const text = execFileSync(
    process.execPath,
    [cli, 'deploy', '--site', siteDir, '--out', outDir, '--target', `s3://${bucket}`, '--endpoint', endpoint, '--region', 'us-east-1'],
    { encoding: 'utf8', env },
  );
  const ms = performance.now() - started;
  const line = text.split('\n').find((l) => l.startsWith('deployed to')) ?? '';
  const uploaded = Number(/uploaded (\d+) files/.exec(line)?.[1] ?? NaN);
  const bytes = /uploaded \d+ files \(([^)]+)\)/.exec(line)?.[1] ?? '?';
  const unchanged = Number(/(\d+) unchanged/.exec(line)?.[1] ?? NaN);
  return { ms, uploaded, bytes, unchanged, line };
}

const rows = [];
const row = (what, r) => {
  rows.push({ what, seconds: (r.ms / 1000).toFixed(2), uploaded: r.uploaded, bytes: r.bytes, unchanged: r.unchanged });
  console.log(`${what}: ${(r.ms / 1000).toFixed(2)} s, uploaded ${r.uploaded} (${r.bytes}), ${r.unchanged} unchanged`);
};

console.log(`machine: ${cpus().length} × ${cpus()[0]?.model}, node ${process.version}`);

// 1. The real site.
{
  const work = mkdtempSync(join(tmpdir(), 'agency-site-bench-deploy-'));
  const out = join(work, 'out');
  build(join(root, 'site'), out);
  const { child, endpoint } = await startS3(join(work, 'bucket'), 'site');
  try {
    row('real site, cold (empty bucket)', deploy(join(root, 'site'), out, endpoint, 'site'));
    row('real site, nothing changed', deploy(join(root, 'site'), out, endpoint, 'site'));
  } finally {
    child.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  }
}

// 2. N posts per locale, then a one-post edit.
{
  const siteRoot = execFileSync(process.execPath, [join(root, 'scripts/bench.mjs'), '--make-only', String(n)], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .at(-1);
  const siteDir = join(siteRoot, 'site');
  const out = join(siteRoot, 'out');
  const work = mkdtempSync(join(tmpdir(), 'agency-site-bench-deploy-'));
  const buildMs = build(siteDir, out);
  const { child, endpoint } = await startS3(join(work, 'bucket'), 'site');
  try {
    row(`${n} posts/locale, cold (build ${(buildMs / 1000).toFixed(1)} s first)`, deploy(siteDir, out, endpoint, 'site'));
    const post = join(siteDir, 'blog/en/post-7.md');
    writeFileSync(
      post,
      readFileSync(post, 'utf8')
        .replace(/title: "([^"]*)"/, 'title: "$1, revised"')
        .replace('## Section 1', 'A sentence added by the editor.\n\n## Section 1'),
    );
    const rebuildMs = build(siteDir, out);
    row(`${n} posts/locale, one post's title and body edited (rebuild ${(rebuildMs / 1000).toFixed(1)} s first)`, deploy(siteDir, out, endpoint, 'site'));
  } finally {
    child.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  }
}

console.log('\n| what | seconds | uploaded | bytes | unchanged |\n|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.what} | ${r.seconds} | ${r.uploaded} | ${r.bytes} | ${r.unchanged} |`);
