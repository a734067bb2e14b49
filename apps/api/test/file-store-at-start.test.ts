import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/platform/config';
import { exitOf, runForTest, spawnForTest } from './processes';
import { startS3Server, type S3Server } from './s3';

// Issue #34: a deployment cannot be misconfigured silently. An instance probes its file store
// before it serves: a bucket or credentials the store refuses stop it with one line naming the
// variables; a store that does not answer is logged, and the instance serves the rest.

const dir = mkdtempSync(join(tmpdir(), 'lisbon-file-store-'));
const API = join(REPO_ROOT, 'apps', 'api');
let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

const envOf = (name: string, s3Env: Record<string, string>) => ({
  ...process.env,
  DATA_DIR: join(dir, name),
  PORT: '0',
  LOG_LEVEL: 'info',
  ...s3Env,
});

/** A start expected to be refused, run to its end on this Node; killed if its test ends first. */
async function failedStart(name: string, s3Env: Record<string, string>) {
  const { code, stderr } = await runForTest(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API,
    env: envOf(name, s3Env),
  });
  return { code, stderr: stderr.trim() };
}

describe('the file store at an instance’s start', () => {
  it('refuses to start on a bucket the store does not have, or credentials it refuses, in one line naming the variables', async () => {
    // s3rver checks the access key's id (not the signature of a HEAD): an id it does not know.
    const [missing, unknownKey] = await Promise.all([
      failedStart('missing-bucket', { ...s3.env, S3_BUCKET: 'lisbon-no-such-bucket' }),
      failedStart('unknown-key', {
        ...s3.env,
        S3_ACCESS_KEY_ID: 'LISBON-UNKNOWN-KEY',
        S3_SECRET_ACCESS_KEY: 'not-the-secret',
      }),
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(
      /^Invalid configuration: S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: the object store refused the bucket or the credentials: NoSuchBucket \(HTTP 404\)/,
    );
    expect(missing.stderr).not.toMatch(/\n\s+at /);
    expect(unknownKey.code).toBe(1);
    expect(unknownKey.stderr).toMatch(
      /^Invalid configuration: S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: the object store refused the bucket or the credentials: AccessDenied \(HTTP 403\)/,
    );
    expect(unknownKey.stderr).not.toContain('not-the-secret');
  }, 120_000);

  it('serves when the object store does not answer, and says so in an error line', async () => {
    // Killed with what it started when the test ends, pass or fail (processes.ts).
    const child = spawnForTest(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: API,
      env: envOf('unreachable', { ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:1' }),
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const serving = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 100_000);
      child.stdout.on('data', () => {
        if (output.includes('Lisbon is serving')) {
          clearTimeout(timer);
          resolve(true);
        }
      });
      void exitOf(child).then(() => resolve(false));
    });
    child.kill('SIGTERM');
    // Its exit, seen already (a start that failed) or to come.
    await exitOf(child);
    expect(serving, output).toBe(true);
    const line = output.split('\n').find((text) => text.includes('the object store does not answer'));
    expect(line, output).toBeDefined();
    expect(JSON.parse(line ?? '{}')).toMatchObject({ level: 50, endpoint: 'http://127.0.0.1:1' });
  }, 120_000);
});
