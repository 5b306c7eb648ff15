// Runs dist/build-entry.cjs, `build`'s pipeline as one CommonJS script, with V8's code cache:
// compiling its 2.5 MB on every run was ~120 ms of a one-post build. Node 20 keeps no compile
// cache for ES modules (module.enableCompileCache came in 22), but vm.Script takes V8's cached
// data. The cache is written when the process ends (it then holds every function the run
// compiled), only when there was none or V8 refused it (another Node, another bundle).
import { existsSync, readFileSync } from 'node:fs';
import { Module, createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { packageRoot } from '../node/package-root.ts';
import { writeFileAtomically } from '../node/write-atomically.ts';

type Exports = Record<string, unknown>;

/** The bundle's exports, or undefined when it is not compiled (the caller then imports the ES modules). */
export function requireWithCodeCache(name: string, cacheDir: string): Exports | undefined {
  const root = packageRoot();
  const file = join(root, 'dist', `${name}.cjs`);
  if (!existsSync(file)) return undefined;
  const cacheFiles = codeCacheDirs(root, cacheDir).map((dir) => join(dir, 'code-cache-v1', `${name}-${process.version}-${process.arch}.bin`));
  let cachedData: Buffer | undefined;
  for (const cacheFile of cacheFiles) {
    try {
      cachedData = readFileSync(cacheFile);
      break;
    } catch {
      cachedData = undefined;
    }
  }
  const script = new Script(Module.wrap(readFileSync(file, 'utf8')), { filename: file, ...(cachedData ? { cachedData } : {}) });
  if (!cachedData || script.cachedDataRejected)
    process.once('exit', (code) => {
      if (code !== 0) return;
      const data = script.createCachedData();
      // The first folder that takes it; one that cannot be written is only a slower next start.
      cacheFiles.some((cacheFile) => {
        try {
          writeFileAtomically(cacheFile, data);
          return true;
        } catch {
          return false;
        }
      });
    });
  // A script's import() has no loader here: this module's is lent (node/import-external.ts).
  (globalThis as { __agencySiteImport?: (specifier: string) => Promise<unknown> }).__agencySiteImport = (specifier) => import(specifier);
  const module = { exports: {} as Exports };
  (script.runInThisContext() as (...args: unknown[]) => void).call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return module.exports;
}

/**
 * Where the code cache is kept: with the installed generator first (node_modules/.cache, as
 * other tools keep theirs; `AGENCY_SITE_CODE_CACHE` names another folder), since it is compiled
 * code and the same for every site, so a site's first build (no .cache/) starts from it too.
 * The site's cache is the fallback when the installation is read-only (a global install run by
 * another user).
 */
function codeCacheDirs(root: string, siteCacheDir: string): string[] {
  return [process.env.AGENCY_SITE_CODE_CACHE || join(root, 'node_modules', '.cache', 'agency-site'), siteCacheDir];
}
