import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root, found from this file rather than the cwd (npm runs workspace scripts in
 * apps/api): the nearest folder above that holds apps/api, whether this runs as source
 * (apps/api/src/platform/) or bundled (apps/api/dist/); in a release, the install's root.
 */
function findRepoRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'apps', 'api', 'package.json'))) return dir;
    if (dirname(dir) === dir) return process.cwd();
  }
}
export const REPO_ROOT = findRepoRoot(dirname(fileURLToPath(import.meta.url)));
