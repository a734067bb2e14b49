import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../src/platform/config';
import { onFreePort } from './ports';
import { killProcessTree, spawnMarked } from './process-tree';

export { freePort } from './ports';

/**
 * A local Ethereum-compatible node for the anchoring tests and the bench: `hardhat node` from
 * npm (its EDR engine ships prebuilt), on 127.0.0.1, offline, with Hardhat's 20 funded accounts
 * whose keys are published. Each caller starts its own and stops it.
 */
export type LocalChain = {
  url: string;
  chainId: number;
  /** The funded accounts' private keys, as the node prints them. */
  keys: `0x${string}`[];
  /** A raw JSON-RPC call: `evm_mine`, `evm_snapshot`, `evm_revert`, `evm_setAutomine`… */
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  stop(): Promise<void>;
};

/**
 * The anchoring settings that point the portal at this chain, sending from its account `account`
 * (each caller its own, so that two never share a nonce), with `batchSize` and `confirmations`.
 */
export const anchoringEnv = (
  chain: LocalChain,
  { account, batchSize, confirmations }: { account: number; batchSize: number; confirmations: number },
): Record<string, string> => ({
  ANCHOR_RPC_URL: chain.url,
  ANCHOR_CHAIN_ID: String(chain.chainId),
  ANCHOR_PRIVATE_KEY: chain.keys[account] ?? '',
  ANCHOR_BATCH_SIZE: String(batchSize),
  ANCHOR_CONFIRMATIONS: String(confirmations),
});

const CONFIG_DIR = join(REPO_ROOT, 'apps/api/test/chain');
/** Hardhat's default chain id. */
export const LOCAL_CHAIN_ID = 31337;

export async function rpcCall<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/**
 * How long the node may take to print its accounts, below the 60 s its callers' `beforeAll` gives
 * it: past that it is killed, with what it started, and the start fails with its output. Before, a
 * node that hung there outlived the hook's timeout, and the run, holding its port and a core.
 */
const READY_WITHIN_MS = 50_000;
/** The kind of the mark in the node's environment, and in that of what it starts (spawnMarked). */
const CHAIN_MARK = 'LISBON_TEST_CHAIN';
/** How long `stop()` waits after its SIGTERM before it kills the node and what it started. */
const STOP_GRACE_MS = 5_000;

export type LocalChainOptions = {
  readyWithinMs?: number;
  stopGraceMs?: number;
  /** The node's arguments after this Node, in place of `hardhat node` (a test of this module's). */
  nodeArgs?: (port: number) => string[];
  /** The ports to try, in place of free ones (a test of this module's). */
  ports?: () => Promise<number>;
};

/**
 * A node on a free port: on another when a process took the port before the node listened (its
 * start fails on EADDRINUSE), where the anchoring tests' `beforeAll` failed with it.
 */
export async function startLocalChain(options: LocalChainOptions = {}): Promise<LocalChain> {
  return onFreePort((port) => startLocalChainOn(port, options), options.ports);
}

async function startLocalChainOn(port: number, options: LocalChainOptions): Promise<LocalChain> {
  const { readyWithinMs = READY_WITHIN_MS, stopGraceMs = STOP_GRACE_MS } = options;
  let args: string[];
  if (options.nodeArgs) {
    args = options.nodeArgs(port);
  } else {
    let cli: string;
    try {
      cli = realpathSync(join(REPO_ROOT, 'node_modules/.bin/hardhat'));
    } catch {
      throw new Error('hardhat is not installed: run npm install (under Node 24, see docs/anchoring.md)');
    }
    args = [
      cli,
      '--config',
      join(CONFIG_DIR, 'hardhat.config.js'),
      'node',
      '--hostname',
      '127.0.0.1',
      '--port',
      String(port),
    ];
  }
  // The node's mark, which what it starts inherits: found by it once the node has ended (on
  // SIGTERM, or by itself), where the node's descendants, adopted by init, were no longer its.
  const { child, mark } = spawnMarked(CHAIN_MARK, process.execPath, args, {
    cwd: CONFIG_DIR,
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
  });
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  const exited = new Promise<void>((done) => {
    if (hasExited()) done();
    else child.once('exit', () => done());
  });
  /** SIGKILL to the node, where it runs still, and to every process it started, then its exit. */
  const kill = async () => {
    killProcessTree(hasExited() ? undefined : child.pid, mark);
    await exited;
  };
  let output = '';
  const url = `http://127.0.0.1:${port}`;
  let deadline: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((done, fail) => {
      deadline = setTimeout(
        () =>
          fail(
            new Error(
              `hardhat node printed no accounts within ${readyWithinMs / 1000} s: stopped.\n${output}`,
            ),
          ),
        readyWithinMs,
      );
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        // The accounts are printed after the banner: wait for the last one.
        if (output.includes('Account #19:') && /Account #19:[^\n]*\nPrivate Key: 0x[0-9a-f]{64}/.test(output))
          done();
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      // 'close', not 'exit': the output may still be on its way at the exit, and an EADDRINUSE
      // must be in the error for onFreePort to start the node again on another port.
      child.once('close', (code) => {
        // npm skips an optional package whose engines the installing Node does not meet: EDR's binding needs Node ≥ 22.
        const hint = output.includes('HHE200')
          ? '\nHardhat’s engine (@nomicfoundation/edr-linux-x64-gnu) is missing: run npm install with Node 24 (npx -p node@24 npm install; docs/anchoring.md).'
          : '';
        fail(new Error(`hardhat node exited with ${code}:\n${output}${hint}`));
      });
    });
  } catch (error) {
    await kill();
    throw error;
  } finally {
    clearTimeout(deadline);
  }
  const keys = [...output.matchAll(/Private Key: (0x[0-9a-f]{64})/g)].map(
    (match) => match[1] as `0x${string}`,
  );
  return {
    url,
    chainId: LOCAL_CHAIN_ID,
    keys,
    rpc: (method, params) => rpcCall(url, method, params),
    // SIGTERM, then after a grace period SIGKILL to the node and what it started: a node that did
    // not end on SIGTERM kept the caller's `afterAll` waiting, then ran on after the run. What it
    // started goes in any case: a node that ended on SIGTERM left it running.
    async stop() {
      if (!hasExited()) {
        child.kill('SIGTERM');
        let grace: NodeJS.Timeout | undefined;
        const graceOver = new Promise<void>((done) => (grace = setTimeout(done, stopGraceMs)));
        await Promise.race([exited, graceOver]);
        clearTimeout(grace);
      }
      await kill();
    },
  };
}
