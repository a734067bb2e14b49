// The first-visit budget (web-budget.mjs) and the page list it shares with the pre-rendering
// (web-pages.mjs), on a build made up here: a manifest and files of known sizes.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { firstVisitFiles, PAGES, textsOf } from './web-pages.mjs';

const BUDGET = fileURLToPath(new URL('./web-budget.mjs', import.meta.url));

/** Bytes that gzip cannot shrink: a file of this many bytes weighs about as much gzipped. */
const incompressible = (bytes) => {
  let seed = 7;
  return Buffer.from(Array.from({ length: bytes }, () => (seed = (seed * 48271) % 2147483647) % 256));
};

/** A build whose every page needs the entry (`js` bytes), one shared chunk, its page's and its CSS. */
function makeBuild({ entryBytes }) {
  const dist = mkdtempSync(join(tmpdir(), 'lisbon-budget-'));
  mkdirSync(join(dist, '.vite'), { recursive: true });
  mkdirSync(join(dist, 'assets'));
  const manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_shared.js'],
      css: ['assets/index.css'],
    },
    // What the entry imports once the page has painted (main.tsx, decision 078).
    '_shared.js': { file: 'assets/shared.js', dynamicImports: ['src/app/start.tsx'] },
    'src/app/start.tsx': { file: 'assets/start.js', imports: ['_shared.js'] },
    'src/shared/i18n/locales/en-US.ts': { file: 'assets/en-US.js', imports: ['_shared.js'] },
    'src/shared/i18n/locales/it-IT.ts': { file: 'assets/it-IT.js' },
  };
  const files = {
    'assets/index.js': entryBytes,
    'assets/shared.js': 1000,
    'assets/start.js': 1000,
    'assets/en-US.js': 2000,
  };
  files['assets/it-IT.js'] = 3000;
  for (const { modules, texts = [] } of PAGES) {
    for (const key of modules) {
      const file = `assets/${key.split('/').pop().replace('.tsx', '.js')}`;
      manifest[key] = { file, imports: ['_shared.js'] };
      files[file] = 500;
    }
    for (const group of texts)
      for (const locale of ['en-US', 'it-IT']) {
        const file = `assets/${group}.${locale}.js`;
        manifest[textsOf(group, locale)] = { file };
        files[file] = 400;
      }
  }
  for (const [file, bytes] of Object.entries(files)) writeFileSync(join(dist, file), incompressible(bytes));
  writeFileSync(join(dist, 'assets/index.css'), incompressible(1000));
  writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  return { dist, manifest };
}

const builds = [];
afterEach(() => {
  for (const dist of builds.splice(0)) rmSync(dist, { recursive: true, force: true });
});
const budget = (dist) => spawnSync(process.execPath, [BUDGET, dist], { encoding: 'utf8' });

describe('the first-visit budget', () => {
  it('prints each page’s gzipped JavaScript and CSS against the goal, and passes under the ceiling', () => {
    const { dist } = makeBuild({ entryBytes: 100_000 });
    builds.push(dist);
    const result = budget(dist);
    expect(result.status).toBe(0);
    for (const { page } of PAGES) expect(result.stdout).toContain(`'${page}'`);
    // Entry, shared chunk, the app's start, English catalogue, layout and page: about 105 kB; the goal is 170.
    expect(result.stdout).toMatch(/'10[56]\.\d'/);
    expect(result.stdout).toContain("'met'");
  });

  it('fails, naming the pages over, when a first visit needs more JavaScript than the ceiling', () => {
    const { dist } = makeBuild({ entryBytes: 400_000 });
    builds.push(dist);
    const result = budget(dist);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("'OVER'");
    expect(result.stderr).toMatch(/over the ceiling/);
  });

  it('says how to build first when there is no manifest', () => {
    const dist = mkdtempSync(join(tmpdir(), 'lisbon-budget-'));
    builds.push(dist);
    const result = budget(dist);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/npm run build/);
  });
});

describe('a first visit’s files', () => {
  it('are the entry’s, the app’s start it imports, the language’s catalogue and the page’s modules with what they import, once each', () => {
    const { dist, manifest } = makeBuild({ entryBytes: 10 });
    builds.push(dist);
    const home = PAGES.find(({ page }) => page === '/');
    expect([...firstVisitFiles(manifest, home, 'en-US')].sort()).toEqual([
      'assets/AppLayout.js',
      'assets/HomePage.js',
      'assets/en-US.js',
      'assets/index.css',
      'assets/index.js',
      'assets/shared.js',
      'assets/start.js',
    ]);
    expect(firstVisitFiles(manifest, home, 'it-IT')).toContain('assets/it-IT.js');
  });

  it('come each after the modules it imports, so that they can be evaluated in that order', () => {
    const { dist, manifest } = makeBuild({ entryBytes: 10 });
    builds.push(dist);
    const home = PAGES.find(({ page }) => page === '/');
    const scripts = [...firstVisitFiles(manifest, home, 'en-US')].filter((file) => file.endsWith('.js'));
    expect(scripts.indexOf('assets/shared.js')).toBeLessThan(scripts.indexOf('assets/index.js'));
    for (const page of ['assets/start.js', 'assets/en-US.js', 'assets/AppLayout.js', 'assets/HomePage.js'])
      expect(scripts.indexOf('assets/shared.js'), page).toBeLessThan(scripts.indexOf(page));
  });

  it('take the groups of texts the page’s routes fetch, in the page’s language', () => {
    const { dist, manifest } = makeBuild({ entryBytes: 10 });
    builds.push(dist);
    const login = PAGES.find(({ page }) => page === '/auth/login');
    expect(login?.texts).toEqual(['auth']);
    expect(firstVisitFiles(manifest, login, 'en-US')).toContain('assets/auth.en-US.js');
    expect(firstVisitFiles(manifest, login, 'en-US')).not.toContain('assets/auth.it-IT.js');
    expect(firstVisitFiles(manifest, login, 'it-IT')).toContain('assets/auth.it-IT.js');
  });

  it('name the module the route table lost', () => {
    const { dist, manifest } = makeBuild({ entryBytes: 10 });
    builds.push(dist);
    delete manifest['src/features/auth/pages/LoginPage.tsx'];
    const login = PAGES.find(({ page }) => page === '/auth/login');
    expect(() => firstVisitFiles(manifest, login, 'en-US')).toThrow(/LoginPage\.tsx is not in the manifest/);
  });
});
