import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/platform/config';
import { useTestApp } from './helper';
import { execForTest } from './processes';

const t = useTestApp({ isMigrated: false });

describe('npm run cli -- demo:staff', () => {
  it('creates the demo staff once, printing each TOTP secret only the first time', async () => {
    const env = { ...process.env, DATABASE_URL: join(t.database.tempDir, 'demo.sqlite') };
    const run = () =>
      execForTest(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'demo:staff'], {
        cwd: join(REPO_ROOT, 'apps', 'api'),
        env,
      });
    const first = await run();
    for (const role of ['secretary', 'evaluator', 'reviewer', 'admin']) {
      expect(first.stdout).toMatch(
        new RegExp(`${role}\\s+${role}@demo\\.lisbon\\.test  TOTP secret [A-Z2-7]{32}`),
      );
    }
    expect(first.stdout).toContain('Password of the new demo accounts: Lisbon#Demo-Staff-2026');
    const second = await run();
    expect(second.stdout).not.toContain('TOTP secret');
    expect(second.stdout.match(/^exists/gm)).toHaveLength(4);
  }, 60_000);
});
