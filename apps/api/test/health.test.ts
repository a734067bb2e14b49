import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../src/app';
import { checkHealth, checkReadiness, type HealthContext } from '../src/modules/health/service';
import { buildCommit } from '../src/platform/build';
import { ManualClock } from '../src/platform/clock';
import { REPO_ROOT } from '../src/platform/config';
import { unusableAddress } from '../src/platform/system-refusals';
import { useTestApp } from './helper';
import { isPortTaken, onFreePort } from './ports';
import { exitOf, hasExited, spawnForTest } from './processes';

const t = useTestApp();

/** An instance of the deployment whose database does not answer: on a connection closed already. */
async function unreachable() {
  const closed = t.database.openConnection();
  // Kysely connects lazily: use the connection once so that destroying it really closes it.
  await sql`select 1`.execute(closed);
  await closed.destroy();
  return t.instance({ db: closed });
}

/**
 * A health context on the test database that counts its questions to it (the `select 1` of
 * `pingDatabase`); with `isHanging`, the database answers none until `answer()` is called; with
 * `isFailing`, every question fails.
 */
function countedHealth({ isHanging = false, isFailing = false } = {}) {
  const pings = { count: 0 };
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const db = t.database.db.withPlugin({
    transformQuery: (args) => {
      pings.count += 1;
      return args.node;
    },
    transformResult: async (args) => {
      if (isHanging) await held;
      if (isFailing) throw new Error('the database does not answer');
      return args.result;
    },
  });
  const context = {
    db,
    version: VERSION,
    commit: null,
    maintenance: () => Promise.resolve({ isOn: false, isStaffOnly: false }),
    knownMaintenance: () => undefined,
    isDraining: () => false,
    clock: new ManualClock(),
  } satisfies HealthContext;
  return { context, pings, answer: () => release() };
}

describe('GET /api/v1/health', () => {
  it('names the release’s version: the root package’s, which the tarball and its VERSION file carry', () => {
    const root = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(VERSION).toBe(root.version);
  });

  it('names the commit of a release tarball, from its COMMIT file, and nothing else', () => {
    const root = mkdtempSync(join(tmpdir(), 'lisbon-commit-'));
    try {
      expect(buildCommit(root)).toBeNull();
      writeFileSync(join(root, 'COMMIT'), '5fc440a1b2c3d4e5f60718293a4b5c6d7e8f9012-dirty\n');
      expect(buildCommit(root)).toBe('5fc440a1b2c3d4e5f60718293a4b5c6d7e8f9012-dirty');
      writeFileSync(join(root, 'COMMIT'), '<script>\n');
      expect(buildCommit(root)).toBeNull();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('answers 200 with the health envelope when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        status: 'ok',
        database: 'ok',
        version: VERSION,
        // A checkout has no COMMIT file: only a release tarball does.
        commit: null,
        maintenance: false,
        maintenance_staff_only: false,
      },
    });
  });

  it('answers 503 with database "unreachable" when the database is closed', async () => {
    const response = await (await unreachable()).inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      data: {
        status: 'degraded',
        database: 'unreachable',
        version: VERSION,
        // A checkout has no COMMIT file: only a release tarball does.
        commit: null,
        maintenance: false,
        maintenance_staff_only: false,
      },
    });
  });
});

describe("the load balancer's probes", () => {
  it('answers live and ready while the instance serves, in maintenance mode too', async () => {
    const app = await t.instance({ env: { MAINTENANCE_MODE: 'true' } });
    const live = await app.inject({ method: 'GET', url: '/api/v1/health/live' });
    const ready = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect([live.statusCode, live.json()]).toEqual([200, { data: { status: 'live' } }]);
    expect([ready.statusCode, ready.json()]).toEqual([200, { data: { status: 'ready' } }]);
  });

  it('names the instance that answered when INSTANCE_ID is set, and nothing otherwise', async () => {
    const named = await t.instance({ env: { INSTANCE_ID: 'web-2' } });
    const answer = await named.inject({ method: 'GET', url: '/api/v1/health/live' });
    expect(answer.headers['x-lisbon-instance']).toBe('web-2');
    const plain = await t.app.inject({ method: 'GET', url: '/api/v1/health/live' });
    expect(plain.headers).not.toHaveProperty('x-lisbon-instance');
  });

  it('answers not ready (503) as soon as the instance drains, while liveness stays 200', async () => {
    let isDraining = false;
    const app = await t.instance({ isDraining: () => isDraining });
    isDraining = true;
    const ready = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect([ready.statusCode, ready.json()]).toEqual([503, { data: { status: 'draining' } }]);
    expect((await app.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200);
    // An ordinary call is still served during the drain: never a 503, which the SPA reads as maintenance.
    expect((await app.inject({ method: 'GET', url: '/api/v1/cms-entries' })).statusCode).toBe(200);
  });

  it('never refuses a probe, however many, whatever the rate limit', async () => {
    // A floor of 5 calls a minute: the probes are counted by no limit.
    const app = await t.instance({ env: { RATE_LIMIT_PER_MINUTE: '5' } });
    const paths = ['/api/v1/health/ready', '/api/v1/health', '/api/v1/health/live'];
    const flood = await Promise.all(
      Array.from({ length: 60 }, (_, index) => app.inject({ method: 'GET', url: paths[index % 3]! })),
    );
    expect(flood.map((response) => response.statusCode)).toEqual(Array(60).fill(200));
  });

  it('asks the database once a second for all its health calls, however many', async () => {
    const { context, pings } = countedHealth();
    const calls = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        index % 2 === 0 ? checkReadiness(context) : checkHealth(context).then((health) => health.database),
      ),
    );
    expect(calls).toEqual(
      Array.from({ length: 100 }, (_, index) => (index % 2 === 0 ? { status: 'ready' } : 'ok')),
    );
    for (let call = 0; call < 20; call += 1)
      expect(await checkReadiness(context)).toEqual({ status: 'ready' });
    expect(pings.count).toBe(1);
    context.clock.advance({ seconds: 1 });
    expect((await checkHealth(context)).database).toBe('ok');
    expect(pings.count).toBe(2);
  });

  it('waits up to ten seconds on a question the database has not answered, then asks anew', async () => {
    const { context, pings, answer } = countedHealth({ isHanging: true });
    const first = checkReadiness(context);
    context.clock.advance({ seconds: 5 });
    const second = checkReadiness(context);
    expect(pings.count).toBe(1);
    context.clock.advance({ seconds: 5 });
    const third = checkReadiness(context);
    expect(pings.count).toBe(2);
    answer();
    expect(await Promise.all([first, second, third])).toEqual(Array(3).fill({ status: 'ready' }));
  });

  it('asks a database that does not answer once a second for all its health calls, the switch included', async () => {
    const { context, pings } = countedHealth({ isFailing: true });
    const reads = { count: 0 };
    const health = {
      ...context,
      // The switch as the app reads it: from the database, a failed read not kept (maintenance.service.ts).
      maintenance: () => {
        reads.count += 1;
        return context.db
          .selectFrom('settings')
          .select('value')
          .execute()
          .then(() => ({ isOn: false, isStaffOnly: false }));
      },
    } satisfies HealthContext;
    for (let call = 0; call < 30; call += 1)
      expect(await checkHealth(health)).toMatchObject({ database: 'unreachable', maintenance: false });
    expect([pings.count, reads.count]).toEqual([1, 0]);
    // The switch known without asking (MAINTENANCE_MODE=true) is still said: another instance, its own ping.
    const configured = { ...health, knownMaintenance: () => ({ isOn: true, isStaffOnly: false }) };
    expect(await checkHealth(configured)).toMatchObject({ database: 'unreachable', maintenance: true });
    expect([pings.count, reads.count]).toEqual([2, 0]);
  });

  it('answers not ready (503) when the database cannot be reached', async () => {
    const ready = await (await unreachable()).inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect([ready.statusCode, ready.json()]).toEqual([503, { data: { status: 'database_unreachable' } }]);
  });

  it('starts its server again on another port when its refusal says the port was taken', () => {
    // The line the server stops with when a process took its port first (system-refusals.ts).
    const taken = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE', syscall: 'listen' });
    const refusal = unusableAddress(taken, { host: '127.0.0.1', port: 3000 }) ?? '';
    expect(isPortTaken(new Error(`the server did not start:\n${refusal}`))).toBe(true);
    const other = unusableAddress(Object.assign(new Error(''), { code: 'EACCES', syscall: 'listen' }), {
      host: '127.0.0.1',
      port: 80,
    });
    expect(isPortTaken(new Error(`the server did not start:\n${other}`))).toBe(false);
  });

  it('stops on SIGTERM within its deadline and exits 0', async () => {
    // A port the system has free now, not a fixed one another process may hold, and another when a
    // process took it before the server listened (its start refused, "is in use by another
    // process"); the server is killed when the test ends, whatever its outcome (processes.ts).
    const { server, port, output } = await onFreePort(async (port) => {
      const server = spawnForTest(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: join(REPO_ROOT, 'apps', 'api'),
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: join(t.database.tempDir, `sigterm-${port}`),
          LOG_LEVEL: 'info',
          SHUTDOWN_TIMEOUT_SECONDS: '10',
          TEST_DATABASE_URL: '',
          DATABASE_URL: '',
        },
      });
      const output = { text: '' };
      server.stdout.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
      server.stderr.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
      // Its start's line, or its end, however long a loaded machine takes to compile and start it,
      // within the test's time: before, 100 polls of 200 ms, which a start on a busy machine outlasted.
      await new Promise<void>((done) => {
        const check = () => output.text.includes('Lisbon is serving') && done();
        server.stdout.on('data', check);
        server.stderr.on('data', check);
        // 'close', not 'exit': its output may still be on its way when it exits, and the refusal
        // of a taken port must be in the error for onFreePort to start it again.
        server.once('close', () => done());
      });
      if (hasExited(server)) throw new Error(`the server did not start:\n${output.text}`);
      return { server, port, output };
    });
    expect(output.text).toContain('Lisbon is serving');
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/health/ready`)).status).toBe(200);
    const serving = output.text.split('\n').find((line) => line.includes('Lisbon is serving'));
    server.kill('SIGTERM');
    expect((await exitOf(server)).code).toBe(0);
    expect(output.text).toContain('"msg":"stopped"');
    // The start's line names the build it serves: the version, and the commit (none in a checkout).
    expect(JSON.parse(serving ?? '{}')).toMatchObject({
      version: VERSION,
      commit: null,
      msg: expect.stringContaining(
        `(listening on 127.0.0.1:${port}): version ${VERSION}, commit unknown (no COMMIT file)`,
      ),
    });
  }, 90_000);
});
