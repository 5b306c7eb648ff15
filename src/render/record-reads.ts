import { contentHash } from '../node/hash.ts';
import type { SharedData } from '../shared/page-data.ts';

/**
 * What one render read of its locale's shared data: message keys, page routes, images, public
 * settings and constants. `*` means the template enumerated the whole object. Recorded in the
 * dependency graph, and part of the page's cache key through the values read (`readsKey`), so a
 * message edit re-renders only the pages that showed that message.
 */
export interface SharedReads {
  messages: string[];
  routes: string[];
  images: string[];
  site: string[];
  constants: string[];
}

type Recorder = { read: Set<string>; missing: Set<string> };
const kinds = ['messages', 'routes', 'images', 'site', 'constants'] as const;

function recording<T extends object>(target: T, recorder: Recorder): T {
  return new Proxy(target, {
    get(object, key) {
      if (typeof key === 'string') {
        recorder.read.add(key);
        if (!(key in object)) recorder.missing.add(key);
      }
      return Reflect.get(object, key);
    },
    has(object, key) {
      if (typeof key === 'string') recorder.read.add(key);
      return Reflect.has(object, key);
    },
    ownKeys(object) {
      recorder.read.add('*');
      return Reflect.ownKeys(object);
    },
  });
}

/** The shared data a page renders with, every read recorded; `finish()` says what was read and what was missing. */
export function recordSharedReads(shared: SharedData) {
  const recorders = Object.fromEntries(kinds.map((k) => [k, { read: new Set<string>(), missing: new Set<string>() }])) as Record<
    (typeof kinds)[number],
    Recorder
  >;
  const site = recording({ ...shared.site, constants: recording(shared.site.constants, recorders.constants) }, recorders.site);
  const data: SharedData = {
    ...shared,
    messages: recording(shared.messages, recorders.messages),
    routes: recording(shared.routes, recorders.routes),
    images: recording(shared.images, recorders.images),
    site,
  };
  return {
    data,
    finish(): { reads: SharedReads; missing: { messages: string[]; routes: string[]; images: string[] } } {
      const sorted = (set: Set<string>) => [...set].sort();
      return {
        reads: Object.fromEntries(kinds.map((k) => [k, sorted(recorders[k].read)])) as unknown as SharedReads,
        missing: {
          messages: sorted(withoutPluralProbes(recorders.messages.missing)),
          routes: sorted(recorders.routes.missing),
          images: sorted(recorders.images.missing),
        },
      };
    },
  };
}

/** A missing key's plural probe (`key.other`, formatMessage's second look) is not a second missing message. */
function withoutPluralProbes(missing: Set<string>): Set<string> {
  return new Set([...missing].filter((key) => !(key.endsWith('.other') && missing.has(key.slice(0, -'.other'.length)))));
}

/** The values a page read, now: what its cache key depends on besides its own data and the code. */
export function readsKey(baseKey: string, shared: SharedData, reads: SharedReads): string {
  const pick = (object: Record<string, unknown>, keys: string[]) => (keys.includes('*') ? object : keys.map((k) => [k, object[k] ?? null]));
  const { constants, ...site } = shared.site;
  return contentHash(
    baseKey,
    JSON.stringify([
      pick(shared.messages, reads.messages),
      pick(shared.routes, reads.routes),
      pick(shared.images, reads.images),
      pick(
        site,
        reads.site.filter((k) => k !== 'constants'),
      ),
      pick(constants, reads.constants),
    ]),
  );
}

/**
 * Read sets repeat from page to page (38 distinct among the 2,276 pages of the 1,000-post bench),
 * so the page index and the dependency graph store each once, and a number for each page: 3.4 MB
 * less JSON for every build to parse and write. Sets read back are shared objects, never changed.
 */
export function readSetTable(): { numberOf(reads: SharedReads): number; sets: SharedReads[] } {
  const sets: SharedReads[] = [];
  const byObject = new Map<SharedReads, number>();
  const byText = new Map<string, number>();
  return {
    sets,
    numberOf(reads) {
      let n = byObject.get(reads);
      if (n !== undefined) return n;
      // A page rendered in this build has a set of its own: compared by content, once.
      const text = JSON.stringify(reads);
      n = byText.get(text);
      if (n === undefined) byText.set(text, (n = sets.push(reads) - 1));
      byObject.set(reads, n);
      return n;
    },
  };
}

/** The stored set `n` of `sets`; throws (an unreadable cache file, rebuilt) when there is none. */
export function readSetAt(sets: unknown, n: unknown): SharedReads {
  const set = Array.isArray(sets) && typeof n === 'number' ? (sets[n] as SharedReads | undefined) : undefined;
  if (!set || typeof set !== 'object') throw new Error(`no read set ${String(n)}`);
  return set;
}
