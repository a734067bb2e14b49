import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// The release's version: the root package's, the one `npm run release` names the tarball by.
import packageJson from '../../../../package.json' with { type: 'json' };
import { REPO_ROOT } from './repo-root';

/** The product's version (docs/deploy.md, section 11: the root package.json is its one source). */
export const VERSION: string = packageJson.version;

/**
 * The commit a release tarball was built from: its `COMMIT` file at the install's root (written by
 * `npm run release`, decision 087; `-dirty` when it held changes no commit has). A build between
 * two releases carries the same version, so this tells them apart. Null in a checkout.
 */
export function buildCommit(root: string = REPO_ROOT): string | null {
  try {
    const text = readFileSync(join(root, 'COMMIT'), 'utf8').trim();
    return /^[0-9a-f]{7,40}(-dirty)?$/.test(text) ? text : null;
  } catch {
    return null;
  }
}

/** The commit git has checked out at `root`, or null (no git, or not a clone). */
function checkedOutCommit(root: string): string | null {
  try {
    const text = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return /^[0-9a-f]{40}$/.test(text) ? text : null;
  } catch {
    return null;
  }
}

/**
 * What `lisbon --version` prints: the version and the commit of the release (its COMMIT file), or
 * in a checkout the commit git has checked out, said to be a checkout's.
 */
export function versionLine(root: string = REPO_ROOT): string {
  const commit = buildCommit(root);
  if (commit) return `lisbon ${VERSION} (commit ${commit})`;
  const checkedOut = checkedOutCommit(root);
  return checkedOut
    ? `lisbon ${VERSION} (a checkout at commit ${checkedOut}, not a release)`
    : `lisbon ${VERSION} (commit unknown: no COMMIT file, not a release)`;
}
