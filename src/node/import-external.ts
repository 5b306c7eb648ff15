/**
 * `import()` of a package or a file outside the bundle (sharp, esbuild, the compiled templates).
 * `agency-site build` runs its pipeline from a CommonJS bundle compiled with V8's code cache
 * (cli/code-cache.ts), where a script has no loader of its own for import(): the one that
 * loaded it lends its own, as `__agencySiteImport`.
 */
export function importExternal<T>(specifier: string): Promise<T> {
  const lent = (globalThis as { __agencySiteImport?: (specifier: string) => Promise<unknown> }).__agencySiteImport;
  return (lent ? lent(specifier) : import(specifier)) as Promise<T>;
}
