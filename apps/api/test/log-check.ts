import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Config } from '../src/platform/config';
import { loggerOptions } from '../src/platform/logger';

/**
 * The log check over a whole run of the API tests (issue #32, decision 083). `log-check.global.ts`
 * makes one folder per run and names it in this variable; there the test helper's apps and job
 * workers write every log line, at `trace`, through the production logger options
 * (`log-<pid>.ndjson`), and `log-check.setup.ts` writes every secret the code mints
 * (`secrets-<pid>.txt`). At the end of the run no secret may appear in any line.
 */
export const LOG_CHECK_DIR_VARIABLE = 'LISBON_TEST_LOG_CHECK_DIR';

const logFileOf = (folder: string) => join(folder, `log-${process.pid}.ndjson`);
export const secretsFileOf = (folder: string) => join(folder, `secrets-${process.pid}.txt`);

/** The run's logger for an app or a worker of the tests, or undefined outside a checked run. */
export function suiteLog(config: Pick<Config, 'logLevel'>): FastifyBaseLogger | undefined {
  const folder = process.env[LOG_CHECK_DIR_VARIABLE];
  if (!folder) return undefined;
  const file = logFileOf(folder);
  // One appended write per line: test workers are processes of their own, each with its file.
  return pino(loggerOptions({ ...config, logLevel: 'trace' }) as pino.LoggerOptions, {
    write: (line: string) => appendFileSync(file, line),
  });
}

/** Characters of every secret the code mints: base64url, hex, base32, recovery codes. */
const SECRET_CHARACTERS = /^[A-Za-z0-9_-]+$/;
/** Shorter values (a six-digit code) would be found by chance in timestamps and ids. */
export const SHORTEST_SECRET = 10;

export type Finding = { secret: string; line: string };

/**
 * Every line holding a secret, and which. A line is cut into runs of the secrets' characters and
 * each run's pieces of each secret length are looked up, so the whole run's log is read once
 * whatever the number of secrets.
 */
export function findSecrets(lines: Iterable<string>, secrets: Iterable<string>): Finding[] {
  const byLength = new Map<number, Set<string>>();
  const odd: string[] = [];
  for (const secret of secrets) {
    if (secret.length < SHORTEST_SECRET) continue;
    if (!SECRET_CHARACTERS.test(secret)) {
      odd.push(secret);
      continue;
    }
    const same = byLength.get(secret.length) ?? new Set<string>();
    same.add(secret);
    byLength.set(secret.length, same);
  }
  const lengths = [...byLength.keys()];
  const findings: Finding[] = [];
  for (const line of lines) {
    for (const match of line.matchAll(/[A-Za-z0-9_-]{10,}/g)) {
      const run = match[0];
      for (const length of lengths) {
        const same = byLength.get(length)!;
        for (let start = 0; start + length <= run.length; start += 1) {
          const piece = run.slice(start, start + length);
          if (same.has(piece)) findings.push({ secret: piece, line });
        }
      }
    }
    for (const secret of odd) if (line.includes(secret)) findings.push({ secret, line });
  }
  return findings;
}

const linesOf = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean);

/**
 * The secrets this test process has minted so far, as the run's check will look for them: a test
 * shows that a secret it was handed is on the list, so no log line may hold it.
 */
export function mintedHere(): string[] {
  const folder = process.env[LOG_CHECK_DIR_VARIABLE];
  const file = folder ? secretsFileOf(folder) : undefined;
  return file && existsSync(file) ? linesOf(file) : [];
}

/** What one run's folder holds: every log line and every secret, from every test process. */
export function readRun(folder: string): { lines: string[]; secrets: string[] } {
  const files = existsSync(folder) ? readdirSync(folder) : [];
  const read = (prefix: string) =>
    files.filter((name) => name.startsWith(prefix)).flatMap((name) => linesOf(join(folder, name)));
  return { lines: read('log-'), secrets: read('secrets-') };
}
