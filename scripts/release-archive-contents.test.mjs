// What of the installed dependencies goes into the release (scripts/release-archive-contents.mjs).
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keepTracedModules } from './release-archive-contents.mjs';

const work = mkdtempSync(join(tmpdir(), 'lisbon-release-contents-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A staged release: the API's bundles and `npm ci --omit=dev` of its dependencies, as a package holds them. */
const files = {
  'apps/api/dist/main.js': [
    "import { greet } from 'dual';",
    "import { assets } from 'cjs-only';",
    "const { scoped } = await import('@scope/used');",
    'console.log(greet(), assets, scoped);',
  ].join('\n'),
  'apps/api/dist/chunk-ABC.js': "export const fonts = 'fonts-pkg';",
  'apps/api/package.json': '{ "type": "module" }',
  // A dual package: ES modules for `import`, a CommonJS copy for `require`.
  'node_modules/dual/package.json': JSON.stringify({
    name: 'dual',
    exports: { '.': { types: './esm/index.d.ts', import: './esm/index.js', require: './cjs/index.cjs' } },
  }),
  'node_modules/dual/esm/package.json': '{ "type": "module" }',
  'node_modules/dual/esm/index.js': "export { greet } from './greet.js';",
  'node_modules/dual/esm/greet.js': "export const greet = () => 'hi';",
  'node_modules/dual/esm/index.d.ts': 'export declare const greet: () => string;',
  'node_modules/dual/esm/index.js.map': '{}',
  'node_modules/dual/cjs/index.cjs': "exports.greet = () => 'hi';",
  'node_modules/dual/src/index.ts': "export const greet = (): string => 'hi';",
  'node_modules/dual/dist/dual.umd.min.js': 'var dual;',
  'node_modules/dual/test/greet.test.js': "require('assert');",
  'node_modules/dual/README.md': '# dual',
  'node_modules/dual/LICENSE': 'MIT',
  'node_modules/dual/NOTICE': 'notice',
  // CommonJS, with a folder it reads from its own, and its own copy of a dependency.
  'node_modules/cjs-only/package.json': JSON.stringify({ name: 'cjs-only', main: 'lib/index.js' }),
  'node_modules/cjs-only/lib/index.js': [
    "const path = require('path');",
    "require('nested');",
    "module.exports = { assets: path.join(__dirname, '..', 'assets') };",
  ].join('\n'),
  'node_modules/cjs-only/assets/ui.css': 'body {}',
  'node_modules/cjs-only/LICENSE-MIT.txt': 'MIT',
  'node_modules/cjs-only/node_modules/nested/package.json': JSON.stringify({ name: 'nested' }),
  'node_modules/cjs-only/node_modules/nested/index.js': 'module.exports = 1;',
  'node_modules/cjs-only/node_modules/nested/benchmark/run.js': 'module.exports = 2;',
  'node_modules/cjs-only/node_modules/unused/package.json': JSON.stringify({ name: 'unused' }),
  'node_modules/cjs-only/node_modules/unused/index.js': 'module.exports = 3;',
  'node_modules/@scope/used/package.json': JSON.stringify({ name: '@scope/used', main: 'index.js' }),
  'node_modules/@scope/used/index.js': 'exports.scoped = true;',
  // Read at run time by a computed name: kept by `keep`.
  'node_modules/fonts-pkg/package.json': JSON.stringify({ name: 'fonts-pkg' }),
  'node_modules/fonts-pkg/ttf/Regular.ttf': 'font',
  'node_modules/fonts-pkg/ttf/Unused.ttf': 'font',
  'node_modules/fonts-pkg/COPYING': 'fonts licence',
  // Installed, never loaded: an optional peer kept by the lockfile, a dependency's type package.
  'node_modules/typescript/package.json': JSON.stringify({ name: 'typescript', main: 'lib/typescript.js' }),
  'node_modules/typescript/lib/typescript.js': 'module.exports = {};',
  'node_modules/typescript/LICENSE.txt': 'Apache-2.0',
  'node_modules/@types/node/package.json': JSON.stringify({ name: '@types/node' }),
  'node_modules/@types/node/index.d.ts': 'declare module "fs";',
  'node_modules/@types/node/LICENSE': 'MIT',
  'node_modules/.package-lock.json': '{}',
};
for (const [path, text] of Object.entries(files)) {
  mkdirSync(dirname(join(work, path)), { recursive: true });
  writeFileSync(join(work, path), text);
}

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(work, join(entry.parentPath, entry.name)))
    .sort();
}

describe('the dependencies the release ships', () => {
  const traced = keepTracedModules({
    root: work,
    entries: ['main.js', 'chunk-ABC.js'].map((file) => join(work, 'apps/api/dist', file)),
    keep: ['node_modules/fonts-pkg/ttf/Regular.ttf'],
  });

  it('are the files the bundles load, the files they read by their own folder, and each shipped package’s licences and manifests', async () => {
    const { kept } = await traced;
    const expected = [
      'node_modules/@scope/used/index.js',
      'node_modules/@scope/used/package.json',
      'node_modules/cjs-only/LICENSE-MIT.txt',
      'node_modules/cjs-only/assets/ui.css',
      'node_modules/cjs-only/lib/index.js',
      'node_modules/cjs-only/node_modules/nested/index.js',
      'node_modules/cjs-only/node_modules/nested/package.json',
      'node_modules/cjs-only/package.json',
      'node_modules/dual/LICENSE',
      'node_modules/dual/NOTICE',
      'node_modules/dual/esm/greet.js',
      'node_modules/dual/esm/index.js',
      'node_modules/dual/esm/package.json',
      'node_modules/dual/package.json',
      'node_modules/fonts-pkg/COPYING',
      'node_modules/fonts-pkg/package.json',
      'node_modules/fonts-pkg/ttf/Regular.ttf',
    ];
    expect(kept).toEqual(expected);
    expect(filesUnder(join(work, 'node_modules'))).toEqual(expected);
  });

  it('leave out the packages no bundle reaches, and the other module copies, tests, sources, types, maps and documents', async () => {
    await traced;
    const left = filesUnder(join(work, 'node_modules'));
    for (const gone of [
      'node_modules/typescript',
      'node_modules/@types',
      'node_modules/cjs-only/node_modules/unused',
      'node_modules/dual/cjs',
      'node_modules/dual/dist',
      'node_modules/dual/src',
      'node_modules/dual/test',
      'node_modules/cjs-only/node_modules/nested/benchmark',
    ])
      expect(left.filter((file) => file.startsWith(`${gone}/`))).toEqual([]);
    expect(left.filter((file) => /\.(d\.ts|map|md)$/.test(file))).toEqual([]);
    // The folders emptied go too.
    expect(readdirSync(join(work, 'node_modules')).sort()).toEqual([
      '@scope',
      'cjs-only',
      'dual',
      'fonts-pkg',
    ]);
    // The bundles are not touched.
    expect(filesUnder(join(work, 'apps'))).toEqual([
      'apps/api/dist/chunk-ABC.js',
      'apps/api/dist/main.js',
      'apps/api/package.json',
    ]);
  });
});
