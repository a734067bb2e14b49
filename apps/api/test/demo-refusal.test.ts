import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../src/platform/config';
import { useTestApp, isPostgresRun } from './helper';
import { execForTest } from './processes';

const t = useTestApp({ isMigrated: false });

const run = (args: string[], env: Record<string, string>) =>
  execForTest(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: join(REPO_ROOT, 'apps', 'api'),
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
  });

const DEMO_COMMANDS = [
  ['demo:staff'],
  ['demo:statement'],
  ['demo:rush-drafts', '--count', '1'],
  ['demo:ready-for-issue', '--email', 'maria@example.org'],
];

// Each case starts the CLI in a process of its own, compiling it with tsx: slow on a busy machine.
describe('demo commands on a production deployment', { timeout: 120_000 }, () => {
  it('refuse NODE_ENV=production with a clear message, writing nothing', async () => {
    const path = join(t.database.tempDir, 'production.sqlite');
    const outcomes = await Promise.allSettled(
      DEMO_COMMANDS.map((args) =>
        run(args, { NODE_ENV: 'production', DATABASE_URL: path, PUBLIC_URL: 'https://portal.example.org' }),
      ),
    );
    for (const [index, outcome] of outcomes.entries()) {
      expect(outcome.status, DEMO_COMMANDS[index]?.[0]).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({
        code: 1,
        stderr: expect.stringContaining(
          `${DEMO_COMMANDS[index]?.[0]}: Demo data is refused with NODE_ENV=production`,
        ),
      });
    }
    // Not even opened: the refusal comes before the database.
    expect(existsSync(path)).toBe(false);
  });

  it('refuse PostgreSQL unless ALLOW_DEMO_DATA=true', async () => {
    const url = process.env.TEST_DATABASE_URL ?? 'postgres://nobody@127.0.0.1:1/none';
    await expect(run(['demo:staff'], { DATABASE_URL: url })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('unless ALLOW_DEMO_DATA=true'),
    });
    if (isPostgresRun) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const tables = await client.query(`select to_regclass('public.users') as users`);
        const hasUsers = (tables.rows[0] as { users: string | null }).users !== null;
        const demo = hasUsers
          ? await client.query(
              `select count(*)::int as n from public.users where email like '%@demo.lisbon.test'`,
            )
          : { rows: [{ n: 0 }] };
        expect((demo.rows[0] as { n: number }).n).toBe(0);
      } finally {
        await client.end();
      }
    }
  });
});

describe('ALLOW_DEMO_DATA', () => {
  it('lets demo data into PostgreSQL, never past NODE_ENV=production; SQLite needs no flag', () => {
    const postgres = { DATABASE_URL: 'postgres://lisbon@db.example.org/lisbon' };
    expect(loadConfig(postgres).demoDataRefusal).toMatch(/unless ALLOW_DEMO_DATA=true/);
    expect(loadConfig({ ...postgres, ALLOW_DEMO_DATA: 'true' }).demoDataRefusal).toBeNull();
    expect(
      loadConfig({
        ...postgres,
        ALLOW_DEMO_DATA: 'true',
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://portal.example.org',
      }).demoDataRefusal,
    ).toMatch(/NODE_ENV=production/);
    expect(loadConfig({}).demoDataRefusal).toBeNull();
    expect(() => loadConfig({ ALLOW_DEMO_DATA: 'yes' })).toThrow(
      /ALLOW_DEMO_DATA must be true, false, 1 or 0/,
    );
  });
});
