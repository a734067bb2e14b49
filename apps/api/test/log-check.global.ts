import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findSecrets, LOG_CHECK_DIR_VARIABLE, readRun } from './log-check';

/**
 * Vitest's global set-up of the API tests: one folder per run for every app's log lines and every
 * minted secret (log-check.ts); at the end of the run, the run fails if any line holds a secret.
 * The folder stays when it does, for reading.
 */
export default function setup(): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'lisbon-log-check-'));
  // Set before the test processes start, which inherit it.
  process.env[LOG_CHECK_DIR_VARIABLE] = folder;
  return () => {
    const { lines, secrets } = readRun(folder);
    const findings = findSecrets(lines, secrets);
    if (findings.length === 0) {
      console.log(`log check: ${lines.length} log lines, ${secrets.length} secrets minted, none in any line`);
      rmSync(folder, { recursive: true, force: true });
      return;
    }
    const shown = findings
      .slice(0, 10)
      .map(({ secret, line }) => `  ${secret.slice(0, 6)}… in ${line.slice(0, 400)}`)
      .join('\n');
    throw new Error(
      `log check: ${findings.length} log lines hold a secret the tests minted (all in ${folder}):\n${shown}`,
    );
  };
}
