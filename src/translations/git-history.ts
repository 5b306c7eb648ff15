import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const NO_BLOB = '0'.repeat(40);
/** A commit message with this marker changes nothing an editor must translate again. */
export const SKIP_MARKER = '[i18n skip]';

export interface Commit {
  sha: string;
  /** Committer time, seconds since the epoch. */
  time: number;
  /** 0 is the newest commit; the working tree's unsaved-to-git edits are -1. */
  order: number;
  skip: boolean;
}

export interface FileChange {
  commit: Commit;
  oldBlob: string;
  newBlob: string;
}

export interface GitHistory {
  root: string;
  commits: Map<string, Commit>;
  /** Changes of each path (relative to the repository, `/`-separated), newest first. */
  changes: Map<string, FileChange[]>;
  /** Paths with edits git has not committed (or untracked files). */
  dirty: Set<string>;
  relativePath(absolute: string): string;
  /** An object's text: a blob id or `<commit>:<path>`; undefined when missing. */
  readObject(name: string): Promise<string | undefined>;
  /** The commit a pin names (a full or abbreviated id), when the history has it. */
  resolveRevision(rev: string): Commit | undefined;
  close(): void;
}

/** Reads the history of `paths` in one `git log --raw`; undefined when there is no git or no repository. */
export async function readGitHistory(options: { cwd: string; paths: string[] }): Promise<GitHistory | undefined> {
  let root: string;
  try {
    root = (await run('git', ['rev-parse', '--show-toplevel'], { cwd: options.cwd })).stdout.trim();
  } catch {
    return undefined;
  }
  const pathspecs = options.paths.map((p) => relative(root, resolve(p)).split(sep).join('/') || '.');
  const git = (args: string[]) => run('git', ['-c', 'core.quotePath=false', ...args], { cwd: root, maxBuffer: 1 << 30 });
  // Every commit (a pin may name one that touched nothing here), then the changes of these paths.
  const [all, log, status] = await Promise.all([
    git(['log', '--date-order', '--format=%x1e%H%x1f%ct%x1f%B']).catch(() => ({ stdout: '' })),
    git(['log', '--raw', '--no-abbrev', '--no-renames', '--date-order', '--format=%x1e%H', '--', ...pathspecs]).catch(() => ({ stdout: '' })),
    git(['status', '--porcelain', '--untracked-files=all', '--', ...pathspecs]),
  ]);
  const commits = new Map<string, Commit>();
  const changes = new Map<string, FileChange[]>();
  let order = 0;
  for (const record of all.stdout.split('\x1e')) {
    if (!record) continue;
    const [sha, time, message] = record.split('\x1f') as [string, string, string];
    commits.set(sha, { sha, time: Number(time), order: order++, skip: message.includes(SKIP_MARKER) });
  }
  for (const record of log.stdout.split('\x1e')) {
    const eol = record.indexOf('\n');
    const commit = commits.get(record.slice(0, eol < 0 ? undefined : eol).trim());
    if (!commit) continue;
    for (const line of record.slice(eol + 1).split('\n')) {
      // :100644 100644 <old> <new> M\t<path>
      if (!line.startsWith(':')) continue;
      const tab = line.indexOf('\t');
      const fields = line.slice(1, tab).split(' ');
      const path = line.slice(tab + 1);
      let list = changes.get(path);
      if (!list) changes.set(path, (list = []));
      list.push({ commit, oldBlob: fields[2]!, newBlob: fields[3]! });
    }
  }
  const dirty = new Set(
    status.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => l.slice(3).replace(/^.* -> /, '')),
  );
  const objects = new ObjectReader(root);
  // The versions the status compares first (each file's last change), asked for now, so git reads
  // them while the site's content loads.
  for (const [path, [last]] of changes) if (last && path.endsWith('.md')) (objects.read(last.oldBlob), objects.read(last.newBlob));
  const byPrefix = [...commits.keys()];
  return {
    root,
    commits,
    changes,
    dirty,
    relativePath: (absolute) => relative(root, absolute).split(sep).join('/'),
    readObject: (name) => objects.read(name),
    resolveRevision: (rev) => {
      const wanted = rev.toLowerCase();
      if (wanted.length < 4) return undefined;
      const sha = byPrefix.find((s) => s.startsWith(wanted));
      return sha ? commits.get(sha) : undefined;
    },
    close: () => objects.close(),
  };
}

/** One `git cat-file --batch` for every object the status reads: thousands of reads cost one process. */
class ObjectReader {
  private process: ChildProcessWithoutNullStreams | undefined;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: Array<(text: string | undefined) => void> = [];
  private cache = new Map<string, Promise<string | undefined>>();

  constructor(private readonly root: string) {}

  read(name: string): Promise<string | undefined> {
    if (name === NO_BLOB) return Promise.resolve(undefined);
    let cached = this.cache.get(name);
    if (!cached) {
      cached = new Promise((done) => {
        this.waiting.push(done);
        this.start().stdin.write(`${name}\n`);
      });
      this.cache.set(name, cached);
    }
    return cached;
  }

  close(): void {
    this.process?.stdin.end();
    this.process = undefined;
  }

  private start(): ChildProcessWithoutNullStreams {
    if (this.process) return this.process;
    const child = spawn('git', ['cat-file', '--batch'], { cwd: this.root });
    child.stdout.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.drain();
    });
    child.on('error', () => this.fail());
    child.on('close', () => this.fail());
    return (this.process = child);
  }

  private drain(): void {
    for (;;) {
      const eol = this.buffer.indexOf(10);
      if (eol < 0) return;
      const header = this.buffer.subarray(0, eol).toString();
      if (header.endsWith(' missing') || header.endsWith(' ambiguous')) {
        this.buffer = this.buffer.subarray(eol + 1);
        this.waiting.shift()?.(undefined);
        continue;
      }
      const size = Number(header.slice(header.lastIndexOf(' ') + 1));
      if (this.buffer.length < eol + 1 + size + 1) return;
      const text = this.buffer.subarray(eol + 1, eol + 1 + size).toString('utf8');
      this.buffer = this.buffer.subarray(eol + 1 + size + 1);
      this.waiting.shift()?.(text);
    }
  }

  private fail(): void {
    for (const done of this.waiting.splice(0)) done(undefined);
  }
}
