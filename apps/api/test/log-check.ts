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
/**
 * Shorter values (a six-digit code) would be found by chance inside timestamps and ids: they are
 * looked for only as a whole value of their own (`SHORTEST_CODE`).
 */
export const SHORTEST_SECRET = 10;
/**
 * The shortest secret looked for at all: the wallet's six-digit transaction code (`tx_code`). One
 * shorter than the floor above is found only as a whole run of the secrets' characters in a string
 * of the line's JSON (`tx_code=123456`, `"tx_code":"123456"`, `code 123456.`), never inside a
 * longer run (a timestamp, an id, a token) nor as a JSON number (the pid, a time, a size).
 */
export const SHORTEST_CODE = 6;

export type Finding = { secret: string; line: string };

/**
 * Runs a short secret must fill whole: the secrets' characters and the dot, so that the digits after
 * a decimal point (`12.123456`, a time's microseconds) are never a run of their own; a dot that only
 * ends or starts the run (the end of a sentence) is left out.
 */
const RUNS = /[A-Za-z0-9_.-]+/g;
const wholeRuns = (text: string): string[] =>
  Array.from(text.matchAll(RUNS), (match) => match[0].replace(/^\.+|\.+$/g, ''));

/** The strings of a JSON line, keys too; a line that is not JSON is one string. */
function stringsOf(line: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return [line];
  }
  const strings: string[] = [];
  const walk = (node: unknown): void => {
    if (typeof node === 'string') strings.push(node);
    else if (Array.isArray(node)) node.forEach(walk);
    else if (typeof node === 'object' && node !== null)
      for (const [key, child] of Object.entries(node)) {
        strings.push(key);
        walk(child);
      }
  };
  walk(value);
  return strings;
}

/** Whether a short secret is anywhere in the line, as any part of anything. */
function holdsAny(line: string, short: ReadonlySet<string>, lengths: readonly number[]): boolean {
  for (const match of line.matchAll(/[A-Za-z0-9_-]+/g)) {
    const run = match[0];
    for (const length of lengths)
      for (let start = 0; start + length <= run.length; start += 1)
        if (short.has(run.slice(start, start + length))) return true;
  }
  return false;
}

/** Short secrets standing as a whole run in a string of the line (`SHORTEST_CODE`). */
function shortFindings(line: string, short: ReadonlySet<string>, lengths: readonly number[]): Finding[] {
  // Cheap first: the secret anywhere in the raw line; only then is the line read as JSON.
  if (!holdsAny(line, short, lengths)) return [];
  return stringsOf(line).flatMap((text) =>
    wholeRuns(text)
      .filter((run) => short.has(run))
      .map((secret) => ({ secret, line })),
  );
}

/**
 * Every line holding a secret, and which. A line is cut into runs of the secrets' characters and
 * each run's pieces of each secret length are looked up, so the whole run's log is read once
 * whatever the number of secrets; a secret shorter than `SHORTEST_SECRET` only as a whole run in a
 * string (`SHORTEST_CODE`).
 */
export function findSecrets(lines: Iterable<string>, secrets: Iterable<string>): Finding[] {
  const byLength = new Map<number, Set<string>>();
  const odd: string[] = [];
  const short = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < SHORTEST_CODE) continue;
    if (secret.length < SHORTEST_SECRET) {
      if (SECRET_CHARACTERS.test(secret)) short.add(secret);
      continue;
    }
    if (!SECRET_CHARACTERS.test(secret)) {
      odd.push(secret);
      continue;
    }
    const same = byLength.get(secret.length) ?? new Set<string>();
    same.add(secret);
    byLength.set(secret.length, same);
  }
  const lengths = [...byLength.keys()];
  const shortLengths = [...new Set(Array.from(short, (secret) => secret.length))];
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
    if (short.size > 0) findings.push(...shortFindings(line, short, shortLengths));
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
