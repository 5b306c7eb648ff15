import { readFile } from 'node:fs/promises';
import yaml from 'js-yaml';
import type { Commit, FileChange, GitHistory } from './git-history.ts';
import type { Comparison, PieceDraft } from './types.ts';
import { pathKey, readYamlLeaves } from './yaml-leaves.ts';

/**
 * Formatting is whitespace: indentation, blank lines, a paragraph wrapped again. A change that
 * leaves the text equal once every run of whitespace is one space asks for no new translation.
 */
export const normalizeText = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Sets `outdated` (and since when) on translated pieces whose source changed after them. */
export async function markOutdated(pieces: PieceDraft[], history: GitHistory, now: number): Promise<void> {
  const files = new FileTimeline(history, now);
  await Promise.all(
    pieces.map(async (piece) => {
      if (piece.status !== 'translated' || !piece.compare) return;
      const pin = piece.compare.pin;
      const pinned = pin ? history.resolveRevision(pin) : undefined;
      if (pin && !pinned) piece.note = `translated-from ${pin} is not in the history; using the last edit`;
      if (pinned) piece.pinned = pinned.sha.slice(0, 7);
      const ahead = piece.compare.type === 'file' ? await fileAhead(piece.compare, files, pinned) : await valueAhead(piece.compare, files, pinned);
      if (!ahead.length) return;
      const since = Math.min(...ahead.map((c) => c.time));
      piece.status = 'outdated';
      piece.aheadSince = new Date(since * 1000).toISOString().slice(0, 10);
      piece.aheadDays = Math.max(0, Math.floor((now - since) / 86400));
    }),
  );
}

/** The source's meaningful changes after the translation's last one (or after its pin). */
async function fileAhead(compare: Extract<Comparison, { type: 'file' }>, files: FileTimeline, pinned: Commit | undefined): Promise<Commit[]> {
  const after = pinned ?? (await files.lastMeaningful(compare.translation));
  return files.meaningfulAfter(compare.source, after);
}

/** The source value's changes after the translation value's last one (or after its pin). */
async function valueAhead(compare: Extract<Comparison, { type: 'lines' }>, files: FileTimeline, pinned: Commit | undefined): Promise<Commit[]> {
  const [source, translation] = await Promise.all([files.valueChanges(compare.source), files.valueChanges(compare.translation)]);
  const after = pinned ?? translation.get(pathKey(compare.translationLeaf.path))?.[0] ?? files.never;
  return (source.get(pathKey(compare.sourceLeaf.path)) ?? []).filter((c) => c.order < after.order);
}

/** Flat `path → normalized text` of one version of a YAML file; a version that does not parse has none. */
function yamlValues(text: string | undefined): Map<string, string> {
  const values = new Map<string, string>();
  if (text === undefined) return values;
  let tree: unknown;
  try {
    tree = yaml.load(text, { schema: yaml.CORE_SCHEMA });
  } catch {
    // A version committed with a syntax slip: the tolerant parser still reads the values around it.
    for (const [key, leaf] of readYamlLeaves(text).leaves) values.set(key, normalizeText(leaf.value));
    return values;
  }
  const visit = (node: unknown, path: Array<string | number>) => {
    if (Array.isArray(node)) node.forEach((item, i) => visit(item, [...path, i]));
    else if (node !== null && typeof node === 'object') for (const [key, value] of Object.entries(node)) visit(value, [...path, key]);
    else if (typeof node === 'string' || typeof node === 'number') values.set(pathKey(path), normalizeText(String(node)));
  };
  visit(tree, []);
  return values;
}

/** Per file: its changes that count, newest first, with the working tree's edits in front. */
class FileTimeline {
  readonly workingTree: Commit;
  /** Older than every commit: a value whose every change was marked `[i18n skip]`. */
  readonly never: Commit = { sha: '', time: 0, order: Number.MAX_SAFE_INTEGER, skip: false };
  private values = new Map<string, Promise<Map<string, Commit[]>>>();
  private parsedObjects = new Map<string, Promise<Map<string, string>>>();
  private meaningful = new Map<string, Promise<boolean>>();

  constructor(
    private readonly history: GitHistory,
    now: number,
  ) {
    this.workingTree = { sha: '0'.repeat(40), time: now, order: -1, skip: false };
  }

  /**
   * Per value of a YAML file (by path), the commits that changed its text, newest first: every
   * version of the file read once (one `git cat-file` process for all), each compared with the one
   * before. A value is its own unit, so `{ en: …, es: … }` on one line, quoting and re-indenting are
   * told apart exactly, where a line-based `git blame` could not.
   */
  valueChanges(path: string): Promise<Map<string, Commit[]>> {
    let found = this.values.get(path);
    if (!found) this.values.set(path, (found = this.readValueChanges(path)));
    return found;
  }

  private async readValueChanges(path: string): Promise<Map<string, Commit[]>> {
    const rel = this.history.relativePath(path);
    const parse = (name: string) => this.parsed(name);
    const current = await readFile(path, 'utf8').then(yamlValues, () => new Map<string, string>());
    // Each commit against its own parent (the blobs `git log --raw` names): branches merged in any order compare right.
    const diffs: Array<{ commit: Commit; before: Promise<Map<string, string>>; after: Promise<Map<string, string>> }> = (this.history.changes.get(rel) ?? [])
      .filter((change) => !change.commit.skip)
      .map((change) => ({ commit: change.commit, before: parse(change.oldBlob), after: parse(change.newBlob) }));
    if (this.history.dirty.has(rel)) diffs.unshift({ commit: this.workingTree, before: parse(`HEAD:${rel}`), after: Promise.resolve(current) });
    const changes = new Map<string, Commit[]>();
    for (const diff of diffs) {
      const [before, after] = await Promise.all([diff.before, diff.after]);
      for (const [key, text] of after) {
        if (!current.has(key) || before.get(key) === text) continue;
        let list = changes.get(key);
        if (!list) changes.set(key, (list = []));
        list.push(diff.commit);
      }
    }
    return changes;
  }

  private parsed(name: string): Promise<Map<string, string>> {
    let found = this.parsedObjects.get(name);
    if (!found) this.parsedObjects.set(name, (found = this.history.readObject(name).then(yamlValues)));
    return found;
  }

  /** The newest change that counts; a file git never saw counts as edited now. */
  async lastMeaningful(path: string): Promise<Commit> {
    const rel = this.history.relativePath(path);
    if (await this.workingTreeCounts(path, rel)) return this.workingTree;
    for (const change of this.history.changes.get(rel) ?? []) if (await this.counts(rel, change)) return change.commit;
    return this.history.changes.has(rel) ? { ...this.workingTree, order: Number.MAX_SAFE_INTEGER } : this.workingTree;
  }

  async meaningfulAfter(path: string, after: Commit): Promise<Commit[]> {
    const rel = this.history.relativePath(path);
    const found: Commit[] = [];
    if (after.order > -1 && (await this.workingTreeCounts(path, rel))) found.push(this.workingTree);
    for (const change of this.history.changes.get(rel) ?? []) {
      if (change.commit.order >= after.order) break;
      if (await this.counts(rel, change)) found.push(change.commit);
    }
    return found;
  }

  private counts(rel: string, change: FileChange): Promise<boolean> {
    const key = `${change.commit.sha}:${rel}`;
    let found = this.meaningful.get(key);
    if (!found) {
      found = (async () => {
        if (change.commit.skip) return false;
        const [before, after] = await Promise.all([this.history.readObject(change.oldBlob), this.history.readObject(change.newBlob)]);
        return before === undefined || after === undefined || normalizeText(before) !== normalizeText(after);
      })();
      this.meaningful.set(key, found);
    }
    return found;
  }

  private async workingTreeCounts(path: string, rel: string): Promise<boolean> {
    if (!this.history.dirty.has(rel)) return false;
    const [now, then] = await Promise.all([readFile(path, 'utf8').catch(() => undefined), this.history.readObject(`HEAD:${rel}`)]);
    return now === undefined || then === undefined || normalizeText(now) !== normalizeText(then);
  }
}
