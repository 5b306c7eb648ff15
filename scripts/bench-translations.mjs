// Translation status benchmark: `agency-site translations --json` (the CLI, as a user runs it) on
// 1. the real site, in this checkout's own git history;
// 2. a synthetic site: the real pages, collections and messages, N posts per locale, each English
//    post with its Spanish translation, and a git history of C commits on top of the first one
//    (English edits, Spanish catch-ups, formatting-only rewraps, `[i18n skip]` fixes and message
//    edits), written with `git fast-import` so making it takes seconds.
// Each figure is the median of 3 runs: before the bench site was ever built, and after one build
// (the status then reads the build's cache of parsed posts).
// Usage: node scripts/bench-translations.mjs [N] [C]   (default N = 1000, C = 2000; needs `npm run compile`)
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const cli = join(root, 'bin/agency-site');
const n = Number(process.argv[2] ?? 1000);
const commits = Number(process.argv[3] ?? 2000);
const START = Date.UTC(2025, 0, 1) / 1000;
const gitEnv = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Bench',
  GIT_AUTHOR_EMAIL: 'bench@southbridge.dev',
  GIT_COMMITTER_NAME: 'Bench',
  GIT_COMMITTER_EMAIL: 'bench@southbridge.dev',
  GIT_AUTHOR_DATE: `@${START} +0000`,
  GIT_COMMITTER_DATE: `@${START} +0000`,
};

const words = 'cache request response latency deploy bucket header token session cursor index query render component state bundle'.split(' ');
const sentence = (seed, count = 12) => {
  const out = Array.from({ length: count }, (_, i) => words[(seed * 7 + i * 13) % words.length]);
  return `${out.join(' ')}.`;
};
function post(i, locale) {
  const body = Array.from({ length: 6 }, (_, s) => `## Section ${s + 1}\n\n${sentence(i + s)} ${sentence(i + s + 1)} ${sentence(i + s + 2)}\n`).join('\n');
  return `---\ntitle: "Post ${i} (${locale})"\ndescription: "A generated article, number ${i}."\ndate: 2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}\ntranslationKey: post-${i}\n---\n\n${body}`;
}

function makeSite() {
  const dir = `/tmp/agency-site-bench-translations-${n}`;
  rmSync(dir, { recursive: true, force: true });
  for (const part of ['templates', 'locales']) cpSync(join(root, part), join(dir, part), { recursive: true });
  for (const part of ['site.yaml', 'constants.yaml', 'navigation.yaml', 'pages', 'collections', 'legal', 'static', 'images'])
    cpSync(join(root, 'site', part), join(dir, 'site', part), { recursive: true });
  const files = new Map();
  for (const locale of ['en', 'es']) {
    mkdirSync(join(dir, 'site/blog', locale), { recursive: true });
    for (let i = 0; i < n; i++) {
      const rel = `site/blog/${locale}/post-${i}.md`;
      files.set(rel, post(i, locale));
      writeFileSync(join(dir, rel), files.get(rel));
    }
  }
  const git = (args, input) =>
    execFileSync('git', ['-c', 'init.defaultBranch=main', ...args], { cwd: dir, env: gitEnv, input, stdio: ['pipe', 'ignore', 'inherit'] });
  git(['init', '-q']);
  git(['add', '-A']);
  git(['commit', '-q', '-m', 'The site in both languages']);

  // Each later commit edits one or two files; the stream is applied in one fast-import.
  files.set('locales/en.yaml', readFileSync(join(dir, 'locales/en.yaml'), 'utf8'));
  const stream = [];
  for (let k = 1; k < commits; k++) {
    const i = (k * 37) % n;
    const changed = [];
    let message = `Edit post ${i}`;
    const edit = (rel, change) => {
      files.set(rel, change(files.get(rel)));
      changed.push(rel);
    };
    if (k % 50 === 0) {
      message = 'Clearer English message';
      edit('locales/en.yaml', (t) => t.replace(/^( {2}skip-to-content: .*)$/m, `$1 now`));
    } else if (k % 10 === 0) {
      message = `Rewrap post ${i}`;
      edit(`site/blog/en/post-${i}.md`, (t) => t.replace('## Section 2\n\n', '## Section 2\n\n\n'));
    } else if (k % 15 === 0) {
      message = `Fix a typo in post ${i} [i18n skip]`;
      edit(`site/blog/en/post-${i}.md`, (t) => t.replace('Section 3', `Section 3 (${k})`));
    } else if (k % 3 === 0) {
      message = `Translate the changes to post ${i}`;
      edit(`site/blog/es/post-${i}.md`, (t) => t.replace('## Section 1', `## Section 1 (${k})`));
    } else {
      edit(`site/blog/en/post-${i}.md`, (t) => t.replace('## Section 1', `## Section 1 (${k})`));
    }
    const when = `${START + k * 3600} +0000`;
    stream.push(`commit refs/heads/main\ncommitter Bench <bench@southbridge.dev> ${when}\ndata ${Buffer.byteLength(message)}\n${message}\n`);
    if (k === 1) stream.push('from refs/heads/main^0\n');
    for (const rel of changed) {
      const text = files.get(rel);
      stream.push(`M 100644 inline ${rel}\ndata ${Buffer.byteLength(text)}\n${text}\n`);
    }
  }
  git(['fast-import', '--quiet'], stream.join(''));
  git(['reset', '-q', '--hard', 'main']);
  return dir;
}

function time(cwd, site) {
  const started = performance.now();
  const json = execFileSync(process.execPath, [cli, 'translations', '--json', '--site', site], { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
  const ms = performance.now() - started;
  const status = JSON.parse(json);
  return { ms, status };
}

const RUNS = 3;
/** The median of RUNS runs (the status of the last one). */
function timed(cwd, site) {
  const runs = Array.from({ length: RUNS }, () => time(cwd, site));
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  return { ms: ms[Math.floor(RUNS / 2)], all: ms, status: runs.at(-1).status };
}

const report = (name, { ms, all, status }) => {
  const es = status.locales.find((l) => l.locale === 'es');
  console.log(
    `${name}: ${Math.round(ms)} ms median of ${all.map(Math.round).join(', ')} (git: ${status.git}; es ${es?.items.total ?? 0} items: ${es?.items.outdated ?? 0} outdated, ${es?.items.missing ?? 0} missing)`,
  );
};

console.log(`# agency-site translations  (${cpus().length} cores, load ${loadavg()[0].toFixed(2)})`);
report('real site', timed(root, join(root, 'site')));
const made = performance.now();
const dir = makeSite();
console.log(`bench site: ${n} posts per locale, ${commits} commits, made in ${Math.round(performance.now() - made)} ms`);
time(dir, join(dir, 'site')); // warm the file system cache once
report(`bench site (${n} posts per locale, ${commits} commits), never built`, timed(dir, join(dir, 'site')));
// An editor's checkout has been built: the status reads the build's cache of parsed posts (and writes nothing).
execFileSync(process.execPath, [cli, 'build', '--quiet'], { cwd: dir, stdio: 'inherit' });
report(`bench site, after a build`, timed(dir, join(dir, 'site')));
