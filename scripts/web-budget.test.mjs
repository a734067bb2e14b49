// The first-visit budget (web-budget.mjs), its check that the build runs React's react-dom, and the
// files of a first visit (web-pages.mjs), and its check of V8's compile hint on the chunks every
// visit starts with, on a build made up here: a manifest, the pages the pre-rendering recorded and
// files of known sizes.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPILE_HINT } from '../apps/web/vite-plugins.ts';
import { entryFiles, firstVisitFiles, PAGES } from './web-pages.mjs';
import { spawnForTest } from './test-commands.mjs';

const BUDGET = fileURLToPath(new URL('./web-budget.mjs', import.meta.url));
const REACT_DOM_VERSION = JSON.parse(
  readFileSync(
    createRequire(fileURLToPath(new URL('../apps/web/package.json', import.meta.url))).resolve(
      'react-dom/package.json',
    ),
    'utf8',
  ),
).version;
/** What react-dom's minified client tells React's developer tools. */
const REACT_DOM = `var qh={bundleType:0,version:\`${REACT_DOM_VERSION}\`,rendererPackageName:\`react-dom\`};`;

/** Bytes that gzip cannot shrink: a file of this many bytes weighs about as much gzipped. */
const incompressible = (bytes) => {
  let seed = 7;
  return Buffer.from(Array.from({ length: bytes }, () => (seed = (seed * 48271) % 2147483647) % 256));
};

const MANIFEST = {
  'src/boot/main.tsx': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js', '_shared.js'],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
  'src/app/layouts/AppLayout.tsx': {
    file: 'assets/AppLayout.js',
    isDynamicEntry: true,
    imports: ['_shared.js'],
    css: ['assets/AppLayout.css'],
  },
  'src/features/home/pages/HomePage.tsx': {
    file: 'assets/HomePage.js',
    isDynamicEntry: true,
    imports: ['_shared.js'],
  },
  'src/shared/i18n/locales/en-US.ts': { file: 'assets/en-US.js', isDynamicEntry: true },
  'src/shared/i18n/locales/it-IT.ts': { file: 'assets/it-IT.js', isDynamicEntry: true },
};

/**
 * A build whose every page needs the entry (`entryBytes`), React, a shared chunk, a layout, a page
 * and its language's catalogue (the Italian one `italianBytes`). The entry's chunks begin with V8's
 * compile hint, but for those in `unhinted`.
 */
function makeBuild({ entryBytes, react = REACT_DOM, unhinted = [], italianBytes = 2000 }) {
  const dist = mkdtempSync(join(tmpdir(), 'lisbon-budget-'));
  mkdirSync(join(dist, '.vite'), { recursive: true });
  mkdirSync(join(dist, 'assets'));
  const sizes = {
    'assets/index.js': entryBytes,
    'assets/shared.js': 1000,
    'assets/AppLayout.js': 500,
    'assets/HomePage.js': 500,
    'assets/en-US.js': 2000,
    'assets/it-IT.js': italianBytes,
    'assets/index.css': 1000,
    'assets/AppLayout.css': 500,
  };
  for (const [file, bytes] of Object.entries(sizes)) writeFileSync(join(dist, file), incompressible(bytes));
  writeFileSync(join(dist, 'assets/react.js'), Buffer.concat([Buffer.from(react), incompressible(3000)]));
  for (const file of entryFiles(MANIFEST))
    if (file.endsWith('.js') && !unhinted.includes(file)) {
      const path = join(dist, file);
      writeFileSync(path, Buffer.concat([Buffer.from(`${COMPILE_HINT}\n`), readFileSync(path)]));
    }
  writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(MANIFEST));
  const pages = ['en-US', 'it-IT'].flatMap((locale) => {
    // The page's own catalogue, not the other language's.
    const keys = Object.keys(MANIFEST).filter(
      (key) => MANIFEST[key].isDynamicEntry && (!key.includes('/locales/') || key.includes(locale)),
    );
    return PAGES.map(({ page }) => ({ page, locale, files: [...firstVisitFiles(MANIFEST, keys)] }));
  });
  writeFileSync(join(dist, '.vite/pages.json'), JSON.stringify(pages));
  builds.push(dist);
  return dist;
}

const builds = [];
afterEach(() => {
  for (const dist of builds.splice(0)) rmSync(dist, { recursive: true, force: true });
});
const budget = (dist) => spawnForTest(process.execPath, [BUDGET, dist], { encoding: 'utf8' });

describe('the first-visit budget', () => {
  it('prints each page’s gzipped JavaScript and CSS against the goal, and passes under the ceiling', () => {
    const result = budget(makeBuild({ entryBytes: 100_000 }));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    for (const { page } of PAGES) expect(result.stdout).toContain(`'${page}'`);
    for (const locale of ['en-US', 'it-IT']) expect(result.stdout).toContain(`'${locale}'`);
    // Entry, React, shared chunk, layout, page and catalogue: about 107 kB; the goal is 230.
    expect(result.stdout).toMatch(/'10[78]\.\d'/);
    expect(result.stdout).toContain("'met'");
    expect(result.stdout).toContain(`The build runs React's react-dom ${REACT_DOM_VERSION}.`);
    expect(result.stdout).toContain(`Every chunk a visit starts with carries V8's compile hint`);
  });

  it('fails, naming the pages over, when a first visit needs more JavaScript than the ceiling', () => {
    const result = budget(makeBuild({ entryBytes: 240_000 }));
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("'OVER'");
    expect(result.stderr).toMatch(/over the ceiling/);
  });

  it('weighs each page in every language: an Italian page over the ceiling fails the build', () => {
    const result = budget(makeBuild({ entryBytes: 100_000, italianBytes: 130_000 }));
    expect(result.status).toBe(1);
    const over = result.stdout.split('\n').filter((line) => line.includes("'OVER'"));
    expect(over).toHaveLength(PAGES.length);
    for (const line of over) expect(line).toContain("'it-IT'");
    expect(result.stderr).toMatch(/over the ceiling/);
  });

  it('says how to build first when the build has not rendered its pages', () => {
    const dist = mkdtempSync(join(tmpdir(), 'lisbon-budget-'));
    builds.push(dist);
    const result = budget(dist);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/npm run build/);
  });
});

describe('the build’s React', () => {
  it('fails when no chunk carries React’s react-dom, as with a compatibility layer that says React 18', () => {
    const result = budget(
      makeBuild({ entryBytes: 10_000, react: 'var e={version:`18.3.1`,rendererPackageName:`react-dom`};' }),
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`no chunk carries react-dom ${REACT_DOM_VERSION}`);
  });

  it('fails when a chunk holds Preact, even beside react-dom', () => {
    const result = budget(makeBuild({ entryBytes: 10_000, react: `${REACT_DOM}/* preact/compat */` }));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/assets\/react\.js holds Preact/);
  });
});

describe('V8’s compile hint', () => {
  it('fails, naming the chunk, when a chunk the entry imports does not begin with it', () => {
    const result = budget(makeBuild({ entryBytes: 10_000, unhinted: ['assets/shared.js'] }));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `assets/shared.js runs at the start of every visit but does not begin with V8's compile hint`,
    );
    expect(result.stderr).not.toContain('assets/index.js');
  });
});

describe('a first visit’s files', () => {
  it('are the entry’s, with what it imports and its CSS, and those of the chunks the page’s render loaded, once each', () => {
    expect(
      [
        ...firstVisitFiles(MANIFEST, ['src/app/layouts/AppLayout.tsx', 'src/shared/i18n/locales/en-US.ts']),
      ].sort(),
    ).toEqual([
      'assets/AppLayout.css',
      'assets/AppLayout.js',
      'assets/en-US.js',
      'assets/index.css',
      'assets/index.js',
      'assets/react.js',
      'assets/shared.js',
    ]);
  });

  it('name a chunk the manifest does not have', () => {
    expect(() => firstVisitFiles(MANIFEST, ['src/features/auth/pages/LoginPage.tsx'])).toThrow(
      /LoginPage\.tsx is not in the manifest/,
    );
  });
});
