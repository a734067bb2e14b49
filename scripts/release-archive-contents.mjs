// What of the installed dependencies goes into the release's tarball (scripts/release.mjs).
import { readdirSync, rmSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { nodeFileTrace } from '@vercel/nft';

/**
 * The licence and notice files, kept with every package that ships: LICENSE, LICENCE-MIT,
 * COPYING, NOTICE.md, ThirdPartyNotices.txt, a bundle's main.js.LICENSE.txt.
 */
export const LICENCE = /licen[cs]e|copying|notice/i;

/**
 * Keeps in `root/node_modules` only the files Node may load when it runs `entries` (absolute
 * paths of the built bundles, under `root`), as @vercel/nft traces them: every module of their
 * static graph (the `import` or the `require` copy of a dual package, as the importer asks it),
 * the JSON they import, the native binaries they require, and the files and folders they read by
 * a path built from their own folder (`path.join(__dirname, 'static')`). Whatever else the
 * packages hold goes: packages no bundle reaches (TypeScript, type packages, the dev tools a
 * dependency lists as its own dependencies), and of the others their tests, sources, type
 * declarations, source maps, documents, browser bundles and unused module copies. Every package
 * that ships keeps its licence and notice files and its package.json files (Node reads `"type"`
 * and `"exports"` there). `keep` adds paths (relative to `root`) the trace cannot see: files found
 * at run time by a computed name.
 *
 * Returns the paths (relative to `root`) of the files kept, and nft's warnings.
 */
export async function keepTracedModules({ root, entries, keep = [] }) {
  const { fileList, warnings } = await nodeFileTrace(entries, { base: root });
  const traced = new Set([...fileList].map((file) => file.split(sep).join('/')));
  for (const path of keep) traced.add(path);
  const modules = join(root, 'node_modules');
  const kept = [];
  const rel = (path) => relative(root, path).split(sep).join('/');
  // Every folder that holds a traced file, at any depth.
  const tracedFolders = new Set();
  for (const file of traced)
    for (let end = file.lastIndexOf('/'); end > 0; end = file.lastIndexOf('/', end - 1))
      tracedFolders.add(file.slice(0, end));
  const holdsTraced = (dir) => tracedFolders.has(rel(dir));
  /** A folder of packages (`node_modules`, or a scope's `@scope` inside one). */
  function prunePackages(dir) {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && entry.name.startsWith('@')) prunePackages(path);
      else if (entry.isDirectory() && holdsTraced(path)) prunePackage(path);
      else rmSync(path, { recursive: true, force: true });
    }
    removeIfEmpty(dir);
  }
  /** A package that ships: its traced files, its licences and manifests, its own node_modules' packages that ship. */
  function prunePackage(dir) {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && entry.name === 'node_modules') prunePackages(path);
      else if (entry.isDirectory()) prunePackage(path);
      else if (traced.has(rel(path)) || entry.name === 'package.json' || LICENCE.test(entry.name))
        kept.push(rel(path));
      else rmSync(path, { force: true });
    }
    removeIfEmpty(dir);
  }
  prunePackages(modules);
  return { kept: kept.sort(), warnings: [...warnings].map((warning) => warning.message) };
}

function removeIfEmpty(dir) {
  if (readdirSync(dir).length === 0) rmSync(dir, { recursive: true });
}
