// The README's "Configuration" table, read as an operator reads it: every variable the portal reads
// has its row, every row names a variable something reads, and a default the table gives is the one
// the portal takes (setting a variable to its documented default changes nothing).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_BODY, DEMO_CONTACT, DEMO_PRICES, loadConfig, REPO_ROOT } from '../src/platform/config';

type Row = { names: string[]; defaults: string; meaning: string };

const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
const table = readme.slice(
  readme.indexOf('\n## Configuration\n'),
  readme.indexOf('\n## ', readme.indexOf('\n## Configuration\n') + 1),
);
const rows: Row[] = table
  .split('\n')
  .filter((line) => line.startsWith('| `'))
  .map((line) => {
    const [names = '', defaults = '', meaning = ''] = line.slice(1).split(' | ');
    return {
      names: [...names.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1] as string),
      defaults: defaults.trim(),
      meaning: meaning.trim(),
    };
  });
/** Rows of what the tests, the cluster test, the benches and the SPA's build read, not the portal. */
const notThePortal = (row: Row) => /^(tests only|cluster test only|bench only|build time)/.test(row.meaning);
const portalRows = rows.filter((row) => !notThePortal(row));

/** The variables loadConfig reads, as it reads them from the environment it is given. */
function variablesRead(): Set<string> {
  const read = new Set<string>();
  const env = new Proxy(
    {},
    {
      get: (_target, name) => {
        if (typeof name === 'string') read.add(name);
        return undefined;
      },
    },
  );
  loadConfig(env);
  return read;
}

/** Everything loadConfig makes of an environment, functions (a key's getter) left out. */
const configOf = (env: NodeJS.ProcessEnv) => JSON.parse(JSON.stringify(loadConfig(env))) as unknown;

// Anchoring's settings exist only with a node, a chain and a key; its defaults apply then.
const ANCHORING = {
  ANCHOR_RPC_URL: 'http://127.0.0.1:8545',
  ANCHOR_CHAIN_ID: '31337',
  ANCHOR_PRIVATE_KEY: '11'.repeat(32),
};

describe('the README’s configuration table', () => {
  it('has a row for every variable the portal reads, and reads every variable of its rows', () => {
    const documented = new Set(portalRows.flatMap((row) => row.names));
    expect(documented.size).toBeGreaterThan(60);
    expect([...variablesRead()].sort()).toEqual([...documented].sort());
  });

  it('gives each variable the default the portal takes when it is unset', () => {
    const checked: string[] = [];
    for (const row of portalRows) {
      // One default for one variable, written as one literal: `300`, `us-east-1`, `15000` (demo).
      const single = /^`([^`]+)`( \(demo\))?$/.exec(row.defaults);
      if (row.names.length !== 1 || !single) continue;
      const [name] = row.names as [string];
      const [, value = '', demo] = single;
      if (demo) {
        expect({ [name]: { ...DEMO_PRICES, ...DEMO_BODY, ...DEMO_CONTACT }[name] }).toEqual({
          [name]: value,
        });
      } else {
        const base = name.startsWith('ANCHOR_') ? ANCHORING : {};
        expect({ [name]: configOf({ ...base, [name]: value }) }).toEqual({ [name]: configOf(base) });
      }
      checked.push(name);
    }
    // The rows whose default is a value, not words ("generated", "the AWS SDK's own chain").
    expect(checked).toEqual(
      expect.arrayContaining(['PORT', 'HOST', 'RATE_LIMIT_PER_MINUTE', 'S3_REGION', 'ANCHOR_CONFIRMATIONS']),
    );
    expect(checked.length).toBeGreaterThan(40);
  });

  it('has a build-time row for every variable the SPA’s build reads', () => {
    const source = (folder: string): string[] =>
      readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? source(join(folder, entry.name))
          : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
            ? [readFileSync(join(folder, entry.name), 'utf8')]
            : [],
      );
    const read = new Set(
      source(join(REPO_ROOT, 'apps/web/src')).flatMap((text) =>
        [...text.matchAll(/import\.meta\.env\.(VITE_[A-Z0-9_]+)/g)].map((match) => match[1] as string),
      ),
    );
    const documented = rows.filter((row) => row.meaning.startsWith('build time')).flatMap((row) => row.names);
    expect([...read].sort()).toEqual([...documented].sort());
  });

  it('has a bench-only row for every BENCH_ variable the bench reads, and the bench reads every one', () => {
    const source = (folder: string): string[] =>
      readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? entry.name === 'node_modules'
            ? []
            : source(join(folder, entry.name))
          : /\.(ts|mjs)$/.test(entry.name)
            ? [readFileSync(join(folder, entry.name), 'utf8')]
            : [],
      );
    const read = new Set(
      source(join(REPO_ROOT, 'bench')).flatMap((text) =>
        [...text.matchAll(/process\.env\.(BENCH_[A-Z0-9_]+)/g)].map((match) => match[1] as string),
      ),
    );
    expect(read.size).toBeGreaterThan(20);
    const documented = rows
      .filter((row) => row.meaning.startsWith('bench only'))
      .flatMap((row) => row.names)
      .filter((name) => name.startsWith('BENCH_'));
    expect([...read].sort()).toEqual([...documented].sort());
    // bench/README.md, where each scenario says what tunes it, names each one too.
    const benchReadme = readFileSync(join(REPO_ROOT, 'bench/README.md'), 'utf8');
    expect([...read].filter((name) => !benchReadme.includes(`\`${name}`))).toEqual([]);
  });
});

describe('the lines the docs give for lisbon.env', () => {
  it('carry no comment after a value, which systemd keeps in the value and Node cuts off', () => {
    // systemd's EnvironmentFile= takes `KEY=value   # a note` whole as the value (a comment is a
    // line of its own), while bin/lisbon's `node --env-file` ends it at the `#`: the service would
    // read another value than the command line, or refuse one (ANCHOR_CHAIN_ID). A line the docs
    // give to copy into lisbon.env says its note on a line of its own.
    const read = variablesRead();
    const docs = [
      'README.md',
      ...readdirSync(join(REPO_ROOT, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`),
    ];
    const commented = docs.flatMap((path) => {
      const blocks = [
        ...readFileSync(join(REPO_ROOT, path), 'utf8').matchAll(/^\s*```[a-z]*\n([\s\S]*?)^\s*```/gm),
      ];
      return blocks
        .flatMap((block) => (block[1] ?? '').split('\n'))
        .filter((line) => {
          const [, name = '', value = ''] = /^\s*([A-Z][A-Z0-9_]*)=(.*)$/.exec(line) ?? [];
          // A shell's assignment from a command (`$(…)`) is run, not copied into the file.
          return read.has(name) && !value.includes('$(') && /\s#/.test(value.replace(/^"[^"]*"/, ''));
        })
        .map((line) => `${path}: ${line.trim()}`);
    });
    expect(commented).toEqual([]);
  });
});
