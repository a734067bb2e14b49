import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startBalancer, startCluster, waitFor } from '../../e2e/cluster/harness';
import type { Scenario } from '../scenario';

/**
 * The notifications poll (`GET /users/{id}/notifications`, every logged-in user every 10 s)
 * through Debian's nginx in front of one instance and in front of three, on one PostgreSQL, in one
 * run: rounds interleaved (1, 3, bare Fastify), medians printed. Then the resident memory of each
 * instance idle and under load, against a bare Fastify process and an empty Node process, with
 * the V8 heap and the memory outside it (read from each instance's own /metrics) to say where it goes.
 */
const PORT = 3420;
const ROUNDS = 3;
const METRICS_TOKEN = 'bench-metrics-token-0123456789abcdefghijkl';
const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));

type Run = {
  requestsPerSecond: number;
  latencyP99Ms: number;
  latencyP50Ms: number;
  non2xx: number;
  errors: number;
};

async function load(url: string, headers: Record<string, string>, connections: number, seconds: number) {
  const result = await autocannon({ url, headers, connections, duration: seconds });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  } satisfies Run;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const summarise = (runs: Run[]) => ({
  requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
  latencyP50Ms: median(runs.map((run) => run.latencyP50Ms)),
  latencyP99Ms: median(runs.map((run) => run.latencyP99Ms)),
  non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
  errors: runs.reduce((sum, run) => sum + run.errors, 0),
});

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
/** Resident memory of a process, from /proc (what the kernel counts against the host). */
const rssOf = (pid: number | undefined) =>
  pid
    ? megabytes(
        Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024,
      )
    : 0;

/** The memory series of one instance's /metrics (prom-client's process figures). */
async function memoryOf(port: number) {
  const text = await (
    await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  return {
    heapUsedMb: megabytes(value('lisbon_nodejs_heap_size_used_bytes')),
    heapTotalMb: megabytes(value('lisbon_nodejs_heap_size_total_bytes')),
    externalMb: megabytes(value('lisbon_nodejs_external_memory_bytes')),
  };
}

/** A reference process in plain node (no TypeScript loader): empty, or a bare Fastify hello route. */
async function startReference(kind: 'empty' | 'fastify', port: number) {
  const code =
    kind === 'empty'
      ? 'setInterval(() => {}, 1000);'
      : `import Fastify from 'fastify';
         const app = Fastify({ logger: false });
         app.get('/hello', async () => ({ data: { hello: 'world' } }));
         await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: BENCH_DIR,
    stdio: 'ignore',
  });
  if (kind === 'fastify')
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/hello`)).ok, 'bare Fastify');
  else await new Promise((resolve) => setTimeout(resolve, 500));
  return { pid: child.pid, stop: () => void child.kill('SIGTERM') };
}

export const cluster: Scenario = {
  name: 'cluster',
  async run({ connections, durationSeconds }) {
    process.env.CLUSTER_LOG_LEVEL = 'warn';
    const portal = await startCluster({
      size: 3,
      basePort: PORT,
      // One load generator stands for thousands of users: the per-address floor is lifted so it
      // measures serving, not refusing. Metrics open so each instance tells its heap.
      extraEnv: { RATE_LIMIT_PER_MINUTE: '1000000', METRICS_TOKEN },
    });
    const single = await startBalancer({ port: PORT + 10, upstreams: [portal.instances[0]!.port] });
    const bare = await startReference('fastify', PORT + 11);
    const empty = await startReference('empty', 0);
    try {
      await portal.cli(['demo:rush-drafts', '--count', '1', '--prefix', 'poll']);
      const login = await fetch(`${portal.url}/api/v1/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'poll-0001@bench.example.org', password: 'Rush#Hour2026' }),
      });
      const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
      const headers = { authorization: `Bearer ${token}` };
      const me = (await (await fetch(`${portal.url}/api/v1/auth/me`, { headers })).json()) as {
        data: { id: number };
      };
      const path = `/api/v1/users/${me.data.id}/notifications`;
      const answer = await fetch(`${portal.url}${path}`, { headers });
      if (!answer.ok) throw new Error(`the poll answered ${answer.status}`);

      const idle = portal.instances.map((instance) => rssOf(instance.process?.pid));
      const idleHeap = await Promise.all(portal.instances.map((instance) => memoryOf(instance.port)));
      const runs: Record<'one' | 'three' | 'bare', Run[]> = { one: [], three: [], bare: [] };
      const peak = portal.instances.map(() => 0);
      const sampler = setInterval(() => {
        portal.instances.forEach((instance, index) => {
          peak[index] = Math.max(peak[index]!, rssOf(instance.process?.pid));
        });
      }, 250);
      for (let round = 0; round < ROUNDS; round += 1) {
        runs.one.push(await load(`${single.url}${path}`, headers, connections, durationSeconds));
        runs.three.push(await load(`${portal.url}${path}`, headers, connections, durationSeconds));
        runs.bare.push(await load(`http://127.0.0.1:${PORT + 11}/hello`, {}, connections, durationSeconds));
      }
      clearInterval(sampler);
      const loadedHeap = await Promise.all(portal.instances.map((instance) => memoryOf(instance.port)));

      const one = summarise(runs.one);
      const three = summarise(runs.three);
      const reference = summarise(runs.bare);
      const ratio = three.requestsPerSecond / Math.max(1, one.requestsPerSecond);
      const memory = portal.instances.map((instance, index) => ({
        target: `instance ${instance.id} RSS (MB)`,
        idle: idle[index],
        underLoad: peak[index],
        heapUsedIdle: idleHeap[index]?.heapUsedMb,
        heapTotalIdle: idleHeap[index]?.heapTotalMb,
        externalIdle: idleHeap[index]?.externalMb,
        heapTotalUnderLoad: loadedHeap[index]?.heapTotalMb,
      }));
      const references = { bareFastifyRssMb: rssOf(bare.pid), emptyNodeRssMb: rssOf(empty.pid) };
      return {
        table: [
          { target: `poll through nginx → 1 instance (median of ${ROUNDS})`, ...one },
          { target: `poll through nginx → 3 instances (median of ${ROUNDS})`, ...three },
          { target: `bare Fastify /hello, no nginx (median of ${ROUNDS})`, ...reference },
          ...memory,
          { target: 'bare Fastify process RSS (MB)', idle: references.bareFastifyRssMb },
          { target: 'empty node process RSS (MB)', idle: references.emptyNodeRssMb },
        ],
        summary: `3 instances / 1 instance: ${ratio.toFixed(2)} × the req/s (p99 ${three.latencyP99Ms} ms vs ${one.latencyP99Ms} ms) on ${(await import('node:os')).cpus().length} cores shared by nginx, PostgreSQL, the instances and the load generator`,
        figures: {
          one,
          three,
          bareFastify: reference,
          ratio: Number(ratio.toFixed(3)),
          memory,
          references,
        },
      };
    } finally {
      bare.stop();
      empty.stop();
      await single.stop();
      await portal.stop();
    }
  },
};
