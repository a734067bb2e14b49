import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:https';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

export type Server = { url: string; stop: () => Promise<void> };

/** Whether `url` answers 200; over HTTPS, trusting the certificate `ca` alone. */
function answersOk(url: string, ca?: string): Promise<boolean> {
  if (ca === undefined) return fetch(url).then((response) => response.ok);
  return new Promise((done, fail) =>
    get(url, { ca }, (response) => {
      response.resume();
      done(response.statusCode === 200);
    }).once('error', fail),
  );
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000, ca?: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server for ${url} exited with ${child.exitCode}`);
    try {
      if (await answersOk(url, ca)) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`server for ${url} did not answer within ${timeoutMs} ms`);
}

function stopper(child: ChildProcess, cleanup?: () => void): () => Promise<void> {
  return () =>
    new Promise((done) => {
      // A server that is gone already (killed from outside) fires no second 'exit'.
      if (child.exitCode !== null || child.signalCode !== null) {
        cleanup?.();
        return done();
      }
      child.once('exit', () => {
        cleanup?.();
        done();
      });
      child.kill('SIGTERM');
    });
}

export type PortalOptions = {
  /** Settings on top of the bench's own (port, data directory, log level). */
  env?: Record<string, string>;
  /** Runs before the portal starts, with its environment: seeding through the CLI, say. */
  prepare?: (env: NodeJS.ProcessEnv) => Promise<void>;
  /** How long the portal may take to answer its health check (60 s by default). */
  startTimeoutMs?: number;
};

/** `npm run cli -- <args>` of the API on the given environment; rejects when the command fails. */
export function runCli(env: NodeJS.ProcessEnv, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn('tsx', [join(ROOT, 'apps/api/src/cli.ts'), ...args], {
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`cli ${args[0]} exited with ${code}`)),
    );
  });
}

/** The real portal (the built `apps/api/dist/main.js`) on a throw-away SQLite data directory, in its own process. */
export async function startPortal(port: number, options: PortalOptions = {}): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lisbon-bench-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: join(dataDir, 'lisbon.sqlite'),
    // Stated, as production asks (the bench may carry NODE_ENV=production from Vite's build).
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  try {
    await options.prepare?.(env);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  // The production build, as deployed (`npm run bench` builds it when stale).
  // BENCH_PORTAL_NODE_OPTIONS adds Node flags to the portal only: `--cpu-prof --cpu-prof-dir=/tmp/prof` profiles it.
  const nodeOptions = (process.env.BENCH_PORTAL_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    [...nodeOptions, '--enable-source-maps', join(ROOT, 'apps/api/dist/main.js')],
    {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  child.once('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') console.error(`portal on ${url} exited: ${signal ?? code}`);
  });
  const stop = stopper(child, () => rmSync(dataDir, { recursive: true, force: true }));
  try {
    await waitFor(`${url}/api/v1/health`, child, options.startTimeoutMs);
  } catch (error) {
    // Never leave a portal behind that the next run would take for its own.
    if (child.exitCode === null) await stop();
    else rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return { url, stop };
}

/**
 * Debian's nginx configured by docs/deploy.md's own example (scripts/deploy-nginx.sh, as the
 * release's smoke test does) in front of the portal on `upstreamPort`: HTTPS on `httpsPort` with a
 * throw-away certificate for 127.0.0.1, HTTP/2, the example's headers and limits; its plain HTTP
 * on `httpPort` redirects. `spkiHash` names the certificate for Chromium's
 * `--ignore-certificate-errors-spki-list`, which trusts it alone.
 */
export async function startDeployNginx({
  httpsPort,
  httpPort,
  upstreamPort,
}: {
  httpsPort: number;
  httpPort: number;
  upstreamPort: number;
}): Promise<Server & { spkiHash: string }> {
  // A folder nginx's workers (nobody, when run as root) may enter: they write temporary files there.
  const dir = mkdtempSync(join(tmpdir(), 'lisbon-bench-nginx-'));
  chmodSync(dir, 0o755);
  const configured = spawnSync(
    'bash',
    [
      join(ROOT, 'scripts/deploy-nginx.sh'),
      join(ROOT, 'docs/deploy.md'),
      dir,
      String(httpPort),
      String(httpsPort),
      String(upstreamPort),
    ],
    { encoding: 'utf8' },
  );
  if (configured.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`nginx could not be configured: ${configured.stderr || configured.error?.message}`);
  }
  const certificate = readFileSync(join(dir, 'fullchain.pem'), 'utf8');
  const spki = new X509Certificate(certificate).publicKey.export({ type: 'spki', format: 'der' });
  const child = spawn('nginx', ['-c', join(dir, 'nginx.conf'), '-p', dir], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `https://127.0.0.1:${httpsPort}`;
  const stop = stopper(child, () => rmSync(dir, { recursive: true, force: true }));
  try {
    await waitFor(`${url}/api/v1/health`, child, 30_000, certificate);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, spkiHash: createHash('sha256').update(spki).digest('base64'), stop };
}

/** A bare Fastify hello route, the baseline the portal's figures are compared with. */
export async function startBareFastify(port: number): Promise<Server> {
  const child = spawn('tsx', [join(ROOT, 'bench/hello-server.ts')], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/hello`, child);
  return { url, stop: stopper(child) };
}

/**
 * A payment provider's contract server (apps/api/test/contract, decision 067) in its own process,
 * Stripe's sending its webhooks to `webhookUrl`, Nexi's notifying each order's own address.
 */
export async function startContractServer(
  provider: 'stripe' | 'nexi',
  port: number,
  webhookUrl: string,
): Promise<Server> {
  const child = spawn(
    'tsx',
    [
      join(ROOT, 'apps/api/test/contract/serve.ts'),
      provider,
      '--port',
      String(port),
      '--webhook',
      webhookUrl,
    ],
    { env: process.env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/contract/health`, child);
  } catch (error) {
    if (child.exitCode === null) await stopper(child)();
    throw error;
  }
  return { url, stop: stopper(child) };
}
