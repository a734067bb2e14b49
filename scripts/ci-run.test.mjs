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

  it('gives each server it starts ports free when the step starts, in the variable that server reads', () => {
    // Each default (3305, 3210, 3311–3315, 3400) held by a server an aborted run left failed the run.
    const reads = (file, variable) => expect(readFileSync(join(ROOT, file), 'utf8')).toContain(variable);
    reads('.ci/prod-runtime-check.sh', '${PROD_CHECK_PORT:-3305}');
    reads('e2e/playwright.config.ts', 'process.env.E2E_PORT ?? 3210');
    reads('.ci/release-smoke.sh', '${RELEASE_SMOKE_PORTS:-3311 3312 3313 3314 3315}');
    reads('e2e/cluster/run.ts', 'process.env.CLUSTER_PORT ?? 3400');
    const steps = [
      ['export_free_ports PROD_CHECK_PORT 1', 'bash .ci/prod-runtime-check.sh'],
      ['export_free_ports E2E_PORT 6', 'npm test'],
      ['export RELEASE_SMOKE_PORTS=', 'bash .ci/release-smoke.sh'],
      ['export_free_ports CLUSTER_PORT 4', 'npm run test:cluster'],
    ];
    for (const [ports, server] of steps) {
      expect(at(ports), `${ports} before ${server}`).toBeLessThan(at(server));
    }
    expect(run).toContain('first="$(node scripts/free-ports.mjs "$2")"');
  });
});
