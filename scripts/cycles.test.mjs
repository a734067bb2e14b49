import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { circles, findCycles } from './cycles.mjs';

const roots = [];

/** A throwaway tree shaped like the repository's, holding `files` (path → source). */
function fixture(files) {
  const root = mkdtempSync(join(tmpdir(), 'lisbon-cycles-'));
  roots.push(root);
  const tree = {
    'apps/web/tsconfig.json': JSON.stringify({
      compilerOptions: { module: 'esnext', moduleResolution: 'bundler', paths: { '@/*': ['./src/*'] } },
    }),
    'apps/api/src/main.ts': 'export const api = 1;\n',
    'apps/web/src/main.ts': 'export const web = 1;\n',
    'packages/domain/src/index.ts': 'export const domain = 1;\n',
    ...files,
  };
  for (const [path, source] of Object.entries(tree)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  return root;
}

const MODULES = 'apps/api/src/modules';

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('import cycles (node scripts/cycles.mjs, run by npm run lint)', () => {
  it('finds two API modules that import each other, and files that import each other', async () => {
    const root = fixture({
      // Module a's service calls module b's, whose other file imports a's service back.
      [`${MODULES}/a/service.ts`]: "import { b } from '../b/service';\nexport const a = () => b();\n",
      [`${MODULES}/b/service.ts`]: "import { read } from './read';\nexport const b = () => read();\n",
      [`${MODULES}/b/read.ts`]: "import { a } from '../a/service';\nexport const read = () => typeof a;\n",
      // Two files of one module that import each other.
      [`${MODULES}/c/one.ts`]: "import { two } from './two';\nexport const one = () => two;\n",
      [`${MODULES}/c/two.ts`]:
        "import type { one } from './one';\nexport const two: typeof one | null = null;\n",
    });
    const { files, modules } = await findCycles(root);
    expect(modules).toEqual([['a', 'b']]);
    expect(files).toEqual(
      expect.arrayContaining([
        [`${MODULES}/c/one.ts`, `${MODULES}/c/two.ts`],
        [`${MODULES}/a/service.ts`, `${MODULES}/b/read.ts`, `${MODULES}/b/service.ts`],
      ]),
    );
    expect(files).toHaveLength(2);
  });

  it('finds none when modules call each other in one direction only', async () => {
    const root = fixture({
      [`${MODULES}/a/service.ts`]: "import { b } from '../b/service';\nexport const a = () => b();\n",
      [`${MODULES}/b/service.ts`]: "import { c } from '../c/service';\nexport const b = () => c;\n",
      [`${MODULES}/c/service.ts`]: 'export const c = 1;\n',
    });
    expect(await findCycles(root)).toEqual({ files: [], modules: [] });
  });

  it('finds files of the web app that import each other through the @/ alias', async () => {
    const root = fixture({
      'apps/web/src/features/a/page.tsx':
        "import { b } from '@/features/b/part';\nexport const a = () => b;\n",
      'apps/web/src/features/b/part.ts':
        "import { a } from '@/features/a/page';\nexport const b = () => a;\n",
    });
    expect(await findCycles(root)).toEqual({
      files: [['apps/web/src/features/a/page.tsx', 'apps/web/src/features/b/part.ts']],
      modules: [],
    });
  });

  it("fails on an import of the repository's own files that it cannot resolve, not on an npm package", async () => {
    const root = fixture({
      'apps/web/src/page.ts':
        "import { gone } from '@/shared/gone';\nimport { z } from 'zod';\nexport const page = [gone, z];\n",
      [`${MODULES}/a/service.ts`]: "import { b } from '../b/service';\nexport const a = () => b();\n",
    });
    await expect(findCycles(root)).rejects.toThrow(
      [
        `${MODULES}/a/service.ts imports '../b/service', which cannot be resolved`,
        "apps/web/src/page.ts imports '@/shared/gone', which cannot be resolved",
      ].join('\n'),
    );
  });

  it('groups a cycle through several modules into one', () => {
    const edges = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set()],
    ]);
    expect(circles(edges)).toEqual([['a', 'b', 'c']]);
  });
});
