// Serving benchmarks (issue "Developer loop and production-grade serving"):
// 1. serve --watch on a site with N posts per locale: time from saving a file to the event an open
//    tab gets (reload or stylesheet swap), for each kind of edit (median, p95).
// 2. Requests per second for a cached page and for page-data, with wrk from a second process.
// Usage: node scripts/bench-serve.mjs [N=2000]   (needs `npm run compile` and Debian's wrk)
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const n = Number(process.argv[2] ?? 2000);
const dir = execFileSync(process.execPath, [join(root, 'scripts/bench.mjs'), '--make-only', String(n)], { encoding: 'utf8' }).trim();

// BENCH_PROF=<dir> profiles the server (and its render workers) with --cpu-prof into that folder.
const profile = process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [];
const child = spawn(
  process.execPath,
  [...profile, join(root, 'bin/agency-site'), 'serve', '--watch', '--port', '0', process.env.BENCH_VERBOSE ? '--verbose' : '--quiet'],
  {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const base = await new Promise((resolve, reject) => {
  let out = '';
  child.stdout.on('data', (c) => {
    // BENCH_VERBOSE=1: the server's stages of each rebuild, on stderr.
    if (process.env.BENCH_VERBOSE) process.stderr.write(c);
    out += c;
    const m = /at (http:\/\/\S+?)\s/.exec(out);
    if (m) resolve(m[1]);
  });
  child.once('exit', (code) => reject(new Error(`serve exited ${code}`)));
});

// Listen to the reload events like a browser tab on the edited post does (the tab names its page).
const waiters = [];
const builtWaiters = [];
// When each rebuild started (the watcher saw the save) and how long the build said it took.
const buildingAt = [];
const builtMs = [];
get(new URL('/__agency-site/events?page=%2Fblog%2Fpost-7%2F', base), (res) => {
  let buffer = '';
  res.on('data', (c) => {
    buffer += c;
    let i;
    while ((i = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, i);
      buffer = buffer.slice(i + 2);
      const type = /^event: (\w+)/m.exec(frame)?.[1];
      if (type === 'building') buildingAt.push(performance.now());
      if (type === 'built') builtMs.push(JSON.parse(/^data: (.*)$/m.exec(frame)[1]).ms);
      if (type === 'reload' || type === 'css' || type === 'error') waiters.shift()?.(type);
      if (type === 'built' || type === 'error') builtWaiters.shift()?.(type);
    }
  });
});
// The first build wrote ~400 MB: let the kernel write it back before timing saves (writeback
// stalls doubled the first edits' times in one run).
execFileSync('sync');
await new Promise((r) => setTimeout(r, 3000));

// Each kind of edit, saved again and again: time from the save to the event the open tab gets
// (reload, or a stylesheet swap for CSS). 20 saves each; the slow kinds (every page renders again) fewer.
const edits = [
  { name: "one post's body", file: 'site/blog/en/post-7.md', saves: 20, edit: (t, i) => t.replace('## Section 1', `## Section 1 (edit ${i})`) },
  { name: "one post's title", file: 'site/blog/en/post-7.md', saves: 20, edit: (t, i) => t.replace(/^title: "(.*)"$/m, `title: "$1, take ${i}"`) },
  {
    name: 'one message key (careers.work-with-us, en)',
    file: 'locales/en.yaml',
    saves: 20,
    edit: (t, i) => t.replace('work-with-us: "Work with us:', `work-with-us: "Work with us (${i}):`),
  },
  {
    name: 'one collection item (services: staff augmentation)',
    file: 'site/collections/services.yaml',
    saves: 20,
    edit: (t, i) => t.replace('en: "Staff augmentation"', `en: "Staff augmentation ${i}"`),
  },
  {
    name: 'CSS (the --sun colour in templates/styles/base.css)',
    file: 'templates/styles/base.css',
    saves: 3,
    edit: (t, i) => t.replace('--sun: #f6b40e;', `--sun: #f6b4${(16 + i).toString(16)};`),
  },
  {
    name: 'a template (templates/pages/careers.tsx)',
    file: 'templates/pages/careers.tsx',
    saves: 3,
    edit: (t, i) => t.replace('<section className="hero hero-compact"', `<section className="hero hero-compact edit-${i}"`),
  },
  {
    // The template of 2 × N posts: as fast as rendering those pages allows.
    name: 'the post template (templates/pages/blog-post.tsx)',
    file: 'templates/pages/blog-post.tsx',
    saves: 3,
    edit: (t, i) => t.replace('<header className="page-header">', `<header className="page-header edit-${i}">`),
  },
];
const pct = (list, p) => list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))];
const summary = (list) => {
  list.sort((a, b) => a - b);
  return `median ${pct(list, 50).toFixed(0)} ms, p95 ${pct(list, 95).toFixed(0)} ms, min ${list[0].toFixed(0)} ms, max ${list.at(-1).toFixed(0)} ms`;
};
// BENCH_EDITS=title times only the edits whose name contains it (for profiling one kind).
// BENCH_PAUSE_MS: the pause after a save's out/ is complete before the next save (300 ms: a burst;
// above the session's one-second wait, its caches are written between saves, as for an editor saving now and then).
const pause = Number(process.env.BENCH_PAUSE_MS ?? 300);
for (const { name, file, saves, edit } of edits.filter((e) => e.name.includes(process.env.BENCH_EDITS ?? ''))) {
  const path = join(dir, file);
  const original = readFileSync(path, 'utf8');
  const times = [];
  const complete = [];
  const noticed = [];
  const builds = [];
  for (let i = 0; i < saves; i++) {
    buildingAt.length = builtMs.length = 0;
    const event = new Promise((resolve) => waiters.push(resolve));
    const built = new Promise((resolve) => builtWaiters.push(resolve));
    const started = performance.now();
    writeFileSync(path, edit(original, i));
    const type = await event;
    if (type === 'error') throw new Error(`build failed during the benchmark (${name})`);
    times.push(performance.now() - started);
    // The next save waits until out/ is complete, so each save is timed alone.
    await built;
    complete.push(performance.now() - started);
    noticed.push(buildingAt[0] - started);
    builds.push(builtMs[0]);
    await new Promise((r) => setTimeout(r, pause));
  }
  // Few saves (CSS, templates): each one in order, since the first of a session can differ from the rest.
  const inOrder = saves <= 5 ? ` (in order: ${complete.map((t) => t.toFixed(0)).join(', ')} ms)` : '';
  const restored = new Promise((resolve) => builtWaiters.push(resolve));
  writeFileSync(path, original);
  await restored;
  console.log(
    `watch: ${n} posts per locale, ${saves} saves of ${name}${pause === 300 ? '' : ` (${pause} ms apart)`}: to the tab ${summary(times)}; out/ complete: median ${pct(
      complete.sort((a, b) => a - b),
      50,
    ).toFixed(0)} ms; of which the watcher ${pct(
      noticed.sort((a, b) => a - b),
      50,
    ).toFixed(0)} ms and the build ${pct(
      builds.sort((a, b) => a - b),
      50,
    ).toFixed(0)} ms (medians)${inOrder}`,
  );
}

function wrk(path) {
  const out = execFileSync('wrk', ['-t2', '-c32', '-d10s', '--latency', new URL(path, base).href], { encoding: 'utf8' });
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(out)?.[1];
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? '0';
  const socket = /Socket errors: (.*)/.exec(out)?.[1] ?? 'none';
  const p99 = /99%\s+(\S+)/.exec(out)?.[1];
  return `${Number(rps).toFixed(0)} req/s, p99 ${p99}, non-2xx ${errors}, socket errors ${socket}`;
}
console.log(`wrk -t2 -c32 -d10s /blog/post-7/ (HTML): ${wrk('/blog/post-7/')}`);
console.log(`wrk -t2 -c32 -d10s page-data of that post: ${wrk('/page-data/blog/post-7/page-data.json')}`);
child.kill();
rmSync(dir, { recursive: true, force: true });
