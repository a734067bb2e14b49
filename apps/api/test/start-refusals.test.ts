import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/platform/config';
import { unusableAddress, unusableFile } from '../src/platform/system-refusals';
import { runForTest } from './processes';

// What an operator gets wrong on a VM (the address, a key file's path or mode): one line naming
// the variable or the file, never a stack (README, "Configuration"; docs/deploy.md).

const dir = mkdtempSync(join(tmpdir(), 'lisbon-start-refusals-'));
const API = join(REPO_ROOT, 'apps', 'api');
let taken: Server;
let takenPort = 0;
beforeAll(async () => {
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  takenPort = (taken.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => taken.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

function listenError(host: string, port: number): Promise<unknown> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', resolve);
    server.listen(port, host, () => server.close(() => resolve(null)));
  });
}

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return null;
}

/** The API's server or command line run to its end on this Node, killed if its test ends first. */
async function run(args: string[], env: Record<string, string>) {
  const { code, stdout, stderr } = await runForTest(process.execPath, ['--import', 'tsx', ...args], {
    cwd: API,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
  });
  return { code, stderr: stderr.trim(), stdout };
}

describe('an address the instance cannot listen on', () => {
  it('names PORT for a port in use and HOST for an address of another machine', async () => {
    expect(
      unusableAddress(await listenError('127.0.0.1', takenPort), { host: '127.0.0.1', port: takenPort }),
    ).toBe(
      `Invalid configuration: PORT: 127.0.0.1:${takenPort} is in use by another process. Each instance needs a port of its own (lisbon@<port> sets it); a PORT in lisbon.env overrides the unit's, so keep it out of that file.`,
    );
    // 192.0.2.0/24 is TEST-NET-1: never an address of this machine.
    expect(unusableAddress(await listenError('192.0.2.1', 0), { host: '192.0.2.1', port: 0 })).toMatch(
      /^Invalid configuration: HOST: 192\.0\.2\.1 is not an address of this machine/,
    );
  });

  it('leaves any other error to the log, with its stack', () => {
    const missing = thrown(() => readFileSync(join(dir, 'nowhere')));
    expect(unusableAddress(missing, { host: '127.0.0.1', port: 3000 })).toBeUndefined();
    expect(unusableAddress(new Error('boom'), { host: '127.0.0.1', port: 3000 })).toBeUndefined();
  });
});

describe('a file a command cannot read or write', () => {
  it('names the file and what is wrong with it', () => {
    const missing = join(dir, 'nowhere', 'key.pem');
    expect(unusableFile(thrown(() => readFileSync(missing)))).toBe(
      `${missing}: there is no such file or folder (ENOENT). Check the path, and that the user running Lisbon (lisbon, in the packaged units) may read or write it.`,
    );
    const file = join(dir, 'a-file');
    writeFileSync(file, 'not a folder');
    expect(unusableFile(thrown(() => mkdirSync(join(file, 'keys'))))).toMatch(
      /a-file\/keys: a part of the path is not a folder \(ENOTDIR\)/,
    );
  });

  it('leaves errors without a path to the log', () => {
    expect(unusableFile(new Error('boom'))).toBeUndefined();
    expect(unusableFile(Object.assign(new Error('socket'), { code: 'ECONNRESET' }))).toBeUndefined();
  });
});

describe('an instance’s start', () => {
  it('stops in one line naming PORT when the port is taken, and WALLET_ISSUER_KEY_PATH when it cannot be read', async () => {
    const [busy, noKey] = await Promise.all([
      run(['src/main.ts'], { DATA_DIR: join(dir, 'busy'), HOST: '127.0.0.1', PORT: String(takenPort) }),
      run(['src/main.ts'], {
        DATA_DIR: join(dir, 'no-key'),
        PORT: '0',
        WALLET_ISSUER_KEY_PATH: join(dir, 'secret-store', 'wallet.pem'),
      }),
    ]);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toContain(
      `Invalid configuration: PORT: 127.0.0.1:${takenPort} is in use by another process.`,
    );
    expect(busy.stderr).not.toMatch(/\n\s+at /);
    // Refused before the database is touched: nothing migrated, no key recorded.
    expect(busy.stdout).not.toContain('database ready');
    expect(busy.stdout).not.toContain('key fingerprints recorded');
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toBe(
      `Invalid configuration: WALLET_ISSUER_KEY_PATH cannot be read (${join(dir, 'secret-store', 'wallet.pem')})`,
    );
  }, 120_000);

  it('keys:generate into a folder that holds keys says so in one line, and keeps them', async () => {
    const folder = join(dir, 'keys');
    const first = await run(['src/cli.ts', 'keys:generate', '--out', folder], { DATA_DIR: join(dir, 'cli') });
    expect(first.code).toBe(0);
    const ledger = readFileSync(join(folder, 'ledger-ed25519.pem'));
    const again = await run(['src/cli.ts', 'keys:generate', '--out', folder], { DATA_DIR: join(dir, 'cli') });
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(
      `${join(folder, 'ledger-ed25519.pem')} exists already: keys are never overwritten`,
    );
    expect(readFileSync(join(folder, 'ledger-ed25519.pem'))).toEqual(ledger);
  }, 120_000);
});
