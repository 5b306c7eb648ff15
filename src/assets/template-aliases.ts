import { join } from 'node:path';
import { packageRoot } from '../node/package-root.ts';

/**
 * Package modules that templates import by name. A site's templates live outside this package
 * (fixtures copy them to a temporary folder), so a relative path into src/ would not resolve;
 * both esbuild builds (Node and browser) map these names to the package's own files.
 * Keep tsconfig.json's "paths" in step, for the type checker.
 */
export function templateAliases(): Record<string, string> {
  return {
    'agency-site/format-message': join(packageRoot(), 'src/shared/format-message.ts'),
    'agency-site/site-urls': join(packageRoot(), 'src/shared/site-urls.ts'),
  };
}
