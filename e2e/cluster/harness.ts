import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';
import { createClusterDatabase } from './database';

/**
 * A production-shaped Lisbon on one machine: nginx (Debian's) in front of N instances of the
 * built server (`node apps/api/dist/main.js`), each with its own empty DATA_DIR, on one
 * PostgreSQL database, one S3-protocol server (s3rver), one Redis, one SMTP server and one set
 * of keys made by `keys:generate`. Used by the cluster test and `npm run bench -- cluster`.
 */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NODE = process.execPath;
const POSTGRES = process.env.CLUSTER_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const trace = (message: string) => {
  if (process.env.CLUSTER_TRACE) console.error(`[harness ${new Date().toISOString()}] ${message}`);
};

export type Instance = {
  id: string;
  port: number;
  dataDir: string;
  process: ChildProcess | null;
  log: string;
};

export type Cluster = {
  url: string;
  env: Record<string, string>;
  instances: Instance[];
  /** Every mail the instances sent, as raw RFC 822 text. */
  mails: string[];
  databaseUrl: string;
  kill(instance: Instance): void;
  start(instance: Instance): Promise<void>;
  /** Runs the built CLI with the cluster's configuration (async: S3 and SMTP answer from this process). */
  cli(args: string[]): Promise<string>;
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  /** The tail of nginx's error log, for a failure's report. */
  balancerErrors(): string;
  stop(): Promise<void>;
};

export type ClusterOptions = { size: number; basePort: number; extraEnv?: Record<string, string> };

export async function waitFor(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function nginxConfig({ dir, port, upstreams }: { dir: string; port: number; upstreams: number[] }): string {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream lisbon {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 25m;
    location / {
      proxy_pass http://lisbon;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A refused connection (an instance stopping or killed) goes to the next instance; a request
      # already sent is retried only when idempotent (nginx's default).
      proxy_next_upstream error timeout http_502;
      proxy_next_upstream_tries 3;
    }
  }
}
`;
}

export type Balancer = { url: string; errors(): string; stop(): Promise<void> };

/** Debian's nginx on `port`, round robin over the given instance ports. */
export async function startBalancer({
  port,
  upstreams,
}: {
  port: number;
  upstreams: number[];
}): Promise<Balancer> {
  // Its own folder, which nginx's workers (nobody, when the test runs as root) may enter: they
  // write request bodies and large answers into temp folders there.
  const dir = mkdtempSync(join(tmpdir(), 'lisbon-cluster-nginx-'));
  chmodSync(dir, 0o755);
  writeFileSync(join(dir, 'nginx.conf'), nginxConfig({ dir, port, upstreams }));
  const nginx = spawn('nginx', ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()));
  const stop = async () => {
    nginx.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(async () => (await fetch(`${url}/api/v1/health/ready`)).ok, `nginx on ${port} to answer`);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    errors() {
      try {
        return readFileSync(join(dir, 'nginx-error.log'), 'utf8').slice(-1500);
      } catch {
        return '';
      }
    },
    stop,
  };
}

export async function startCluster({ size, basePort, extraEnv = {} }: ClusterOptions): Promise<Cluster> {
  const work = mkdtempSync(join(tmpdir(), 'lisbon-cluster-'));
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(work, { recursive: true, force: true })];
  const stopAll = async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  };
  try {
    // One PostgreSQL database for the whole cluster, held while it lives; those of runs gone, swept.
    const database = await createClusterDatabase(POSTGRES);
    const databaseUrl = database.url;
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    // An idle connection the server ends (the database dropped `with (force)` while the pool's
    // end is still closing it, on a busy machine) is no failure of the cluster: a query that
    // needed it fails where it runs. Without a listener the pool's 'error' event ended the
    // process after "PASSED".
    pool.on('error', () => undefined);
    cleanups.push(async () => {
      await pool.end();
      await database.drop();
    });

    // One S3-protocol server and one SMTP server, in this process.
    trace('database created');
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      directory: join(work, 's3'),
      silent: true,
      configureBuckets: [{ name: 'lisbon-cluster', configs: [] }],
    });
    const s3Port = (await s3.run()).port;
    cleanups.push(() => s3.close());
    const mails: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => done(null, void mails.push(Buffer.concat(chunks).toString('utf8'))));
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    // Listening on a TCP port: the address is an AddressInfo, not a pipe's path.
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    cleanups.push(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

    const url = `http://127.0.0.1:${basePort}`;
    // Never spawnSync: the object store and the mail server live in this process's event loop.
    const cli = (args: string[]) =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(NODE, [join(ROOT, 'apps/api/dist/cli.js'), ...args], {
          // The cluster's PostgreSQL is a test's own: its demo:* commands may write there (decision 084).
          env: { ...process.env, ...clusterEnv, ALLOW_DEMO_DATA: 'true' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('error', reject);
        child.on('exit', (code) =>
          code === 0
            ? resolve(stdout)
            : reject(new Error(`cli ${args.join(' ')} failed (${code}): ${stderr}`)),
        );
      });
    let clusterEnv: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: join(work, 'cli'),
      LOG_LEVEL: 'warn',
      PUBLIC_URL: url,
      S3_BUCKET: 'lisbon-cluster',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      REDIS_URL: `redis://127.0.0.1:6379/${9}`,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ...extraEnv,
    };
    trace('s3 and smtp up');
    // One set of keys for every instance, made the way a deployer makes it.
    const keyLines = (await cli(['keys:generate', '--out', join(work, 'keys')]))
      .split('\n')
      .filter((line) => /^[A-Z0-9_]+=/.test(line));
    clusterEnv = {
      ...clusterEnv,
      ...Object.fromEntries(keyLines.map((line) => line.split('=') as [string, string])),
    };

    trace('keys generated');
    const instances: Instance[] = Array.from({ length: size }, (_, index) => ({
      id: `i${index + 1}`,
      port: basePort + 1 + index,
      dataDir: join(work, `instance-${index + 1}`),
      process: null,
      log: '',
    }));
    const start = async (instance: Instance) => {
      mkdirSync(instance.dataDir, { recursive: true });
      const child = spawn(NODE, ['--enable-source-maps', join(ROOT, 'apps/api/dist/main.js')], {
        env: {
          ...process.env,
          ...clusterEnv,
          PORT: String(instance.port),
          HOST: '127.0.0.1',
          DATA_DIR: instance.dataDir,
          INSTANCE_ID: instance.id,
          LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk: Buffer) => (instance.log += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (instance.log += chunk.toString()));
      child.on('error', (error) => (instance.log += `could not start: ${error.message}\n`));
      child.on('exit', (code, signal) => (instance.log += `exited (${signal ?? code})\n`));
      instance.process = child;
      trace(`spawned ${instance.id}`);
      await waitFor(
        async () => (await fetch(`http://127.0.0.1:${instance.port}/api/v1/health/ready`)).ok,
        `instance ${instance.id} to be ready`,
      ).catch((error: Error) => {
        throw new Error(`${error.message}; its log ends with:\n${instance.log.slice(-1500)}`);
      });
    };
    const kill = (instance: Instance) => {
      instance.process?.kill('SIGKILL');
      instance.process = null;
    };
    cleanups.push(() => instances.forEach(kill));
    // All at once on the empty database: the migration lock makes them take turns.
    await Promise.all(instances.map(start));

    const balancer = await startBalancer({
      port: basePort,
      upstreams: instances.map((instance) => instance.port),
    });
    cleanups.push(() => balancer.stop());

    return {
      url,
      env: clusterEnv,
      instances,
      mails,
      databaseUrl,
      kill,
      start,
      cli,
      async query(text, values) {
        return (await pool.query(text, values)).rows;
      },
      balancerErrors: () => balancer.errors(),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

export const readText = (path: string) => readFileSync(path, 'utf8');
