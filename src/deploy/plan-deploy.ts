import { deployTooManyDeletesError } from '../errors/index.ts';
import { invalidationPaths } from './invalidation-paths.ts';
import { GROUPS, groupOf, type Group, type LocalFile } from './local-files.ts';

/** An object already in the bucket, its key relative to the target prefix. */
export interface RemoteObject {
  path: string;
  etag?: string;
  size?: number;
}

/** The small object kept in the bucket: when each hashed asset was last part of a deploy. */
export interface DeployState {
  version: 1;
  assets: Record<string, string>;
}

export interface DeployPlan {
  /** Uploads in the order they must happen; a group starts when the one before has finished. */
  groups: Array<{ group: Group; files: LocalFile[] }>;
  uploadBytes: number;
  unchanged: number;
  /** Deleted after every upload. */
  deletes: string[];
  /** Old hashed assets left for open tabs, with the day they may go. */
  kept: Array<{ path: string; until: string }>;
  state: DeployState;
  /** CloudFront paths of changed or deleted pages and page-data. */
  invalidate: string[];
}

const DAY_MS = 86_400_000;
const stripQuotes = (etag: string) => etag.replace(/^W\//, '').replace(/"/g, '').toLowerCase();

/** Compares out/ with the bucket and decides everything a deploy does; changes nothing. */
export function planDeploy(input: {
  local: LocalFile[];
  remote: RemoteObject[];
  state: DeployState | undefined;
  now: Date;
  keepAssetsDays: number;
  maxDeletes: number;
}): DeployPlan {
  const remote = new Map(input.remote.map((o) => [o.path, o]));
  const local = new Set(input.local.map((f) => f.path));
  const changed = input.local.filter((f) => {
    const there = remote.get(f.path);
    return !there?.etag || stripQuotes(there.etag) !== f.md5;
  });
  const nowIso = input.now.toISOString();
  const assets: Record<string, string> = {};
  for (const f of input.local) if (f.hashed) assets[f.path] = nowIso;

  const deletes: string[] = [];
  const kept: DeployPlan['kept'] = [];
  for (const path of [...remote.keys()].sort()) {
    if (local.has(path)) continue;
    const lastSeen = input.state?.assets[path];
    const until = lastSeen ? new Date(Date.parse(lastSeen) + input.keepAssetsDays * DAY_MS) : undefined;
    if (until && until > input.now) {
      kept.push({ path, until: until.toISOString() });
      assets[path] = lastSeen!;
    } else deletes.push(path);
  }
  if (deletes.length > input.maxDeletes) throw deployTooManyDeletesError(deletes.length, input.maxDeletes);

  const groups = GROUPS.map((group) => ({ group, files: changed.filter((f) => f.group === group) }));
  const pageGroups = new Set<Group>(['page-data', 'pages', 'app-data', 'service-worker']);
  const touched = [...changed.filter((f) => pageGroups.has(f.group)).map((f) => f.path), ...deletes.filter((p) => pageGroups.has(groupOf(p, false)))];
  return {
    groups,
    uploadBytes: changed.reduce((sum, f) => sum + f.size, 0),
    unchanged: input.local.length - changed.length,
    deletes,
    kept,
    state: { version: 1, assets: Object.fromEntries(Object.entries(assets).sort(([a], [b]) => (a < b ? -1 : 1))) },
    invalidate: invalidationPaths(touched),
  };
}
