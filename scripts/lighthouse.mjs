// Lighthouse (mobile, its default) against the built site served by `agency-site serve --no-build`,
// in Debian's Chromium. Prints performance, accessibility, best-practices and SEO scores per page,
// with the total blocking time, the DOM size and the main thread's work by kind beside them.
//
//   node scripts/lighthouse.mjs [--out ./out] [--runs 3] [--json] [path …]   (default paths: / and one post)
//
// Build first (`npx agency-site build`). Scores depend on the machine and vary between runs, so with
// --runs N each page is measured N times and the run with the median performance score is reported.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const DEFAULT_PATHS = ['/', '/blog/nodejs-event-loop-explained/'];

function parseArgs(argv) {
  const options = { out: join(ROOT, 'out'), json: false, runs: 1, paths: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out') options.out = argv[++i];
    else if (argv[i] === '--runs') options.runs = Math.max(1, Number(argv[++i]) || 1);
    else if (argv[i] === '--json') options.json = true;
    else options.paths.push(argv[i]);
  }
  if (!options.paths.length) options.paths = DEFAULT_PATHS;
  return options;
}

/** `agency-site serve --no-build` on a free port; resolves with its URL once it listens. */
function serve(out) {
  const child = spawn(process.execPath, [join(ROOT, 'bin/agency-site'), 'serve', '--no-build', '--port', '0', '--out', out], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const url = /serving .* at (http:\/\/\S+?)\/? /.exec(text)?.[1];
      if (url) resolve({ url, stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => reject(new Error(`agency-site serve exited with code ${code} before listening:\n${text}`)));
  });
}

async function audit(url, port) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
  // The audits that cost points, so a score below 100 says why.
  const failing = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable',
    )
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  const metrics = Object.fromEntries(
    ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map((id) => [
      id,
      lhr.audits[id]?.displayValue,
    ]),
  );
  const consoleErrors = (lhr.audits['errors-in-console']?.details?.items ?? []).map((i) => {
    const where = i.sourceLocation?.url ?? i.url;
    return `${i.source}: ${String(i.description).slice(0, 100)}${where ? ` ${where}` : ''}`;
  });
  // Where the blocking time goes: the longest main-thread tasks and the scripts that cost most.
  const longTasks = (lhr.audits['long-tasks']?.details?.items ?? [])
    .slice(0, 5)
    .map((t) => `${Math.round(t.duration)} ms at ${Math.round(t.startTime)} ms ${shortUrl(t.url)}`);
  const bootup = (lhr.audits['bootup-time']?.details?.items ?? [])
    .slice(0, 4)
    .map((b) => `${shortUrl(b.url)} ${Math.round(b.scripting)} ms script, ${Math.round(b.scriptParseCompile)} ms parse`);
  // What the main thread did, by kind (Lighthouse's "Other" is mostly tasks it cannot attribute), and the DOM it built.
  const mainThread = (lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).map((i) => `${i.groupLabel ?? i.group} ${Math.round(i.duration)} ms`);
  const tbt = lhr.audits['total-blocking-time']?.numericValue;
  const domSize = lhr.audits['dom-size']?.numericValue;
  return {
    url,
    formFactor: lhr.configSettings.formFactor,
    version: lhr.lighthouseVersion,
    scores,
    tbt: tbt === undefined ? undefined : Math.round(tbt),
    domSize,
    metrics,
    mainThread,
    failing,
    consoleErrors,
    longTasks,
    bootup,
  };
}

// Lighthouse sometimes loses the trace (NO_NAVSTART, "please run Lighthouse again"): one more try, then give up.
async function auditWithRetry(url, port) {
  try {
    return await audit(url, port);
  } catch (error) {
    if (!/NO_NAVSTART|NO_FCP|PROTOCOL_TIMEOUT/.test(String(error))) throw error;
    console.error(`retrying ${url} once: ${String(error).split('\n')[0]}`);
    return audit(url, port);
  }
}

function shortUrl(url) {
  try {
    const u = new URL(url);
    return u.pathname.split('/').pop() || u.pathname;
  } catch {
    return String(url ?? '');
  }
}

const options = parseArgs(process.argv.slice(2));
if (!existsSync(join(options.out, 'index.html'))) {
  console.error(`${options.out} has no built site: run \`npx agency-site build\` first (or pass --out).`);
  process.exit(1);
}
const server = await serve(options.out);
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
const results = [];
try {
  // One page at a time: Lighthouse measures timing, and parallel runs would skew each other.
  for (const path of options.paths) {
    const runs = [];
    for (let i = 0; i < options.runs; i++) runs.push(await auditWithRetry(new URL(path, server.url).href, chrome.port));
    runs.sort((a, b) => a.scores.performance - b.scores.performance);
    results.push({ ...runs[Math.floor(runs.length / 2)], performanceRuns: runs.map((r) => r.scores.performance) });
  }
} finally {
  await chrome.kill();
  server.stop();
}

if (options.json) console.log(JSON.stringify(results, null, 2));
else {
  const width = Math.max(...results.map((r) => new URL(r.url).pathname.length), 4);
  console.log(`${'page'.padEnd(width)}  ${CATEGORIES.map((c) => c.padStart(16)).join('')}   (${results[0]?.formFactor}, Lighthouse ${results[0]?.version})`);
  for (const r of results) {
    const runs = r.performanceRuns.length > 1 ? `   (performance in ${r.performanceRuns.length} runs: ${r.performanceRuns.join(', ')})` : '';
    console.log(
      `${new URL(r.url).pathname.padEnd(width)}  ${CATEGORIES.map((c) => String(r.scores[c]).padStart(16)).join('')}   TBT ${r.tbt ?? '?'} ms, DOM ${r.domSize ?? '?'} elements${runs}`,
    );
    if (r.mainThread.length) console.log(`${' '.repeat(width)}  main thread: ${r.mainThread.join(', ')}`);
    console.log(
      `${' '.repeat(width)}  ${Object.entries(r.metrics)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ')}`,
    );
    if (r.failing.length) console.log(`${' '.repeat(width)}  below 90: ${r.failing.join(', ')}`);
    for (const error of r.consoleErrors) console.log(`${' '.repeat(width)}  console: ${error}`);
    if (r.longTasks.length) console.log(`${' '.repeat(width)}  long tasks (simulated): ${r.longTasks.join('; ')}`);
    if (r.bootup.length) console.log(`${' '.repeat(width)}  JavaScript time: ${r.bootup.join('; ')}`);
  }
}
