// .ci/run on a fresh machine: what a step needs is there before the step, not left to the machine.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const run = readFileSync(join(ROOT, '.ci/run'), 'utf8');
/** Where a command first stands in the script, as a line of its own or a line's start. */
const at = (command) => {
  const index = run.search(new RegExp(`^\\s*${command.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm'));
  expect(index, `${command} in .ci/run`).toBeGreaterThan(-1);
  return index;
};

describe('.ci/run', () => {
  it('starts Redis and PostgreSQL before the first tests, which reach Redis on SQLite too', () => {
    // The API tests' shared limit, lisbon_redis_up and the wallet's counters use 127.0.0.1:6379.
    const api = readFileSync(join(ROOT, 'apps/api/test/metrics-operations.test.ts'), 'utf8');
    expect(api).toContain("REDIS_URL: 'redis://127.0.0.1:6379/3'");
    const firstTests = at('npm test');
    expect(at('redis-server --daemonize yes')).toBeLessThan(firstTests);
    expect(at('pg_ctlcluster')).toBeLessThan(firstTests);
  });

  it('makes the API suite’s PostgreSQL database when the server has none, before the suite runs on it', () => {
    const suite = at('TEST_DATABASE_URL="$TEST_DATABASE_URL" npm run test:api');
    const created = run.search(/psql "\$test_server\/postgres" -qc "create database/);
    expect(created).toBeGreaterThan(-1);
    expect(created).toBeLessThan(suite);
  });
});
