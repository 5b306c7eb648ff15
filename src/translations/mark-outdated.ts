import { readFile } from 'node:fs/promises';
import type { Commit, FileChange, GitHistory } from './git-history.ts';
import type { Comparison, PieceDraft } from './types.ts';
import { valueAt } from './yaml-leaves.ts';

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
      const ahead = piece.compare.type === 'file' ? await fileAhead(piece.compare, files, pinned) : await linesAhead(piece.compare, history, files, pinned);
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

async function linesAhead(
  compare: Extract<Comparison, { type: 'lines' }>,
  history: GitHistory,
  files: FileTimeline,
  pinned: Commit | undefined,
): Promise<Commit[]> {
  const [sourceLines, translationLines] = await Promise.all([files.blame(compare.source), files.blame(compare.translation)]);
  const commitsOf = (lines: Commit[], [first, last]: [number, number]) => {
    const found: Commit[] = [];
    for (let line = first; line <= last; line++) found.push(lines[line - 1] ?? files.workingTree);
    return found;
  };
  if (!pinned && compare.source === compare.translation && overlap(compare.sourceLeaf.lines, compare.translationLeaf.lines))
    return sharedLineAhead(compare, history, newest(commitsOf(sourceLines, compare.sourceLeaf.lines)));
  const after = pinned ?? newest(commitsOf(translationLines, compare.translationLeaf.lines));
  const ahead = commitsOf(sourceLines, compare.sourceLeaf.lines).filter((c) => c.order < after.order);
  if (!ahead.length || after.order < 0) return ahead;
  // Blame says the lines changed; the text as it was when the translation was made says whether the words did.
  const before = await history.readObject(`${after.sha}:${history.relativePath(compare.source)}`);
  const then = before === undefined ? undefined : valueAt(before, compare.sourceLeaf.path);
  return then !== undefined && normalizeText(then) === normalizeText(compare.sourceLeaf.value) ? [] : ahead;
}

const overlap = ([a1, a2]: [number, number], [b1, b2]: [number, number]) => a1 <= b2 && b1 <= a2;

/**
 * `{ en: …, es: … }` on one line: blame cannot tell the two apart, so the line's last change is
 * read against the version before it. Only English changed there: outdated since that change.
 */
async function sharedLineAhead(compare: Extract<Comparison, { type: 'lines' }>, history: GitHistory, last: Commit): Promise<Commit[]> {
  if (last.order === Number.MAX_SAFE_INTEGER) return [];
  const rel = history.relativePath(compare.source);
  const before = await history.readObject(last.order < 0 ? `HEAD:${rel}` : `${last.sha}^:${rel}`);
  if (before === undefined) return [];
  const changed = (leaf: typeof compare.sourceLeaf) => normalizeText(valueAt(before, leaf.path) ?? '') !== normalizeText(leaf.value);
  return changed(compare.sourceLeaf) && !changed(compare.translationLeaf) ? [last] : [];
}

const newest = (commits: Commit[]) => commits.reduce((a, b) => (b.order < a.order ? b : a));

/** Per file: its changes that count, newest first, with the working tree's edits in front. */
class FileTimeline {
  readonly workingTree: Commit;
  private blames = new Map<string, Promise<Commit[]>>();
  private meaningful = new Map<string, Promise<boolean>>();

  constructor(
    private readonly history: GitHistory,
    now: number,
  ) {
    this.workingTree = { sha: '0'.repeat(40), time: now, order: -1, skip: false };
  }

  blame(path: string): Promise<Commit[]> {
    let found = this.blames.get(path);
    if (!found) this.blames.set(path, (found = this.history.blame(path)));
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
    const committed = this.history.changes.get(rel)?.[0];
    if (!committed) return true;
    const [now, then] = await Promise.all([readFile(path, 'utf8').catch(() => undefined), this.history.readObject(committed.newBlob)]);
    return now === undefined || then === undefined || normalizeText(now) !== normalizeText(then);
  }
}
