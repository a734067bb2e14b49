// The SPA's build step that tells V8 to compile the start-up chunks whole (apps/web/vite-plugins.ts),
// on a real Vite build of a made-up app: an entry, a module it shares with a lazy one, and the lazy
// one.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileStartUpEagerly } from '../apps/web/vite-plugins.ts';

const root = mkdtempSync(join(tmpdir(), 'lisbon-compile-hint-'));

/** Builds the app into `outDir`, with or without the step; each chunk's code and source map, by name. */
async function buildApp(outDir, plugins) {
  await build({
    root,
    logLevel: 'silent',
    configFile: false,
    plugins,
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: 'hidden',
      rolldownOptions: {
        input: join(root, 'entry.js'),
        output: {
          entryFileNames: '[name].js',
          chunkFileNames: '[name].js',
          // A chunk of its own, as React's is in the app's build.
          codeSplitting: { groups: [{ name: 'shared', test: /shared\.js$/ }] },
        },
      },
    },
  });
  const assets = join(root, outDir);
  const chunks = {};
  for (const file of readdirSync(assets).filter((name) => name.endsWith('.js')))
    chunks[file.replace(/\.js$/, '')] = {
      code: readFileSync(join(assets, file), 'utf8'),
      mappings: JSON.parse(readFileSync(join(assets, `${file}.map`), 'utf8')).mappings,
    };
  return chunks;
}

let hinted;
let plain;
beforeAll(async () => {
  writeFileSync(join(root, 'shared.js'), 'export function greet(name) {\n  return `Hello, ${name}`;\n}\n');
  writeFileSync(
    join(root, 'lazy.js'),
    "import { greet } from './shared.js';\ndocument.body.textContent = greet('later');\n",
  );
  writeFileSync(
    join(root, 'entry.js'),
    "import { greet } from './shared.js';\ndocument.title = greet('now');\ndocument.addEventListener('click', () => import('./lazy.js'));\n",
  );
  hinted = await buildApp('hinted', [compileStartUpEagerly()]);
  plain = await buildApp('plain', []);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('V8’s compile hint on the chunks every visit starts with', () => {
  it('begins the entry and the chunks it imports, and no lazy chunk', () => {
    expect(Object.keys(hinted).sort()).toEqual(['entry', 'lazy', 'shared']);
    expect(hinted.entry.code.startsWith(`${COMPILE_HINT}\n`)).toBe(true);
    expect(hinted.shared.code.startsWith(`${COMPILE_HINT}\n`)).toBe(true);
    expect(hinted.lazy.code).not.toContain(COMPILE_HINT);
  });

  it('changes nothing else in the code, and moves each source map down the one line it adds', () => {
    for (const name of ['entry', 'shared']) {
      expect(hinted[name].code).toBe(`${COMPILE_HINT}\n${plain[name].code}`);
      expect(hinted[name].mappings).toBe(`;${plain[name].mappings}`);
    }
    expect(hinted.lazy).toEqual(plain.lazy);
  });
});
