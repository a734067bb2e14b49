import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createContext } from '../src/app';
import { createReadyForIssue } from '../src/demo/statement';
import { ManualClock } from '../src/platform/clock';
import { REPO_ROOT } from '../src/platform/config';
import { useTestApp, createTestWorker, testConfig } from './helper';
import { execForTest } from './processes';
import { publishOne } from './statements';

const clock = new ManualClock('2026-02-10T10:00:00Z');

const t = useTestApp({ clock });

describe('demo:ready-for-issue', () => {
  it('makes a request of an applicant ready for issue, with every field the statement needs', async () => {
    const owner = await t.applicant({ email: 'maria@example.org', firstName: 'Maria' });
    const admin = await t.staff('admin', { email: 'admin@example.org' });
    const ctx = createContext({ config: testConfig(t.database), db: t.database.db, clock });
    const practiceId = await createReadyForIssue(ctx, owner.id);
    // France signed the Lisbon Convention: the service its requests get, as discovery says (issue 33).
    const { service } = await t.database.db
      .selectFrom('practices')
      .select('service')
      .where('id', '=', practiceId)
      .executeTakeFirstOrThrow();
    expect(service).toBe('correspondence_verification');
    const worker = createTestWorker(t.database, { clock });
    const { statement } = await publishOne(t.app, worker, { admin, owner, practiceId });
    expect(statement.certificate).toMatchObject({
      holder_name: 'Maria Lovelace',
      qualification_name: 'Licence de biologie',
      awarding_institution: 'Université de Lyon',
      request_id: practiceId,
    });
  });

  it('refuses an address that is not an applicant’s', async () => {
    const env = {
      ...process.env,
      DATABASE_URL: join(t.database.tempDir, 'demo.sqlite'),
      LOG_LEVEL: 'silent',
    };
    const run = execForTest(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', 'demo:ready-for-issue', '--email', 'nobody@example.org'],
      {
        cwd: join(REPO_ROOT, 'apps', 'api'),
        env,
      },
    );
    await expect(run).rejects.toMatchObject({
      stderr: expect.stringContaining('no applicant with the address nobody@example.org'),
    });
  }, 60_000);
});

describe('demo:statement', () => {
  it('writes --out relative to the directory npm run cli was called from, not apps/api', async () => {
    const caller = join(t.database.tempDir, 'caller');
    mkdirSync(caller, { recursive: true });
    const env = {
      ...process.env,
      DATA_DIR: join(t.database.tempDir, 'demo-data'),
      DATABASE_URL: join(t.database.tempDir, 'demo-statement.sqlite'),
      LOG_LEVEL: 'silent',
      INIT_CWD: caller,
    };
    const { stdout } = await execForTest(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', 'demo:statement', '--out', 'statement.pdf'],
      { cwd: join(REPO_ROOT, 'apps', 'api'), env },
    );
    const written = join(caller, 'statement.pdf');
    expect(stdout).toContain(`Signed PDF written to ${written}`);
    expect(readFileSync(written).subarray(0, 5).toString()).toBe('%PDF-');
    expect(existsSync(join(REPO_ROOT, 'apps', 'api', 'statement.pdf'))).toBe(false);
  }, 120_000);
});
