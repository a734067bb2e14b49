import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/platform/config';

/** ANCHOR_* (decision 065): unset, nothing is anchored; set, every mistake names its variable and never the key. */

const KEY = `0x${'4c'.repeat(32)}`;
const BASE = { ANCHOR_RPC_URL: 'https://node.example.org/v3/secret-api-key', ANCHOR_CHAIN_ID: '11155111' };

const errorOf = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('the configuration was accepted');
};

describe('the anchoring configuration', () => {
  it('anchors nothing when ANCHOR_RPC_URL is unset', () => {
    expect(loadConfig({}).anchor).toBeNull();
  });

  it('takes the node, the chain, the key and the defaults: 100 entries, 60 minutes, 12 confirmations', () => {
    const { anchor } = loadConfig({ ...BASE, ANCHOR_PRIVATE_KEY: KEY });
    expect(anchor).toMatchObject({
      rpcUrl: BASE.ANCHOR_RPC_URL,
      chainId: 11155111,
      chainName: null,
      batchSize: 100,
      intervalMinutes: 60,
      confirmations: 12,
      explorerTxUrl: null,
    });
    expect(anchor?.privateKey()).toBe(KEY);
  });

  it('reads the key from ANCHOR_PRIVATE_KEY_FILE, with or without 0x and a final line break', () => {
    const folder = mkdtempSync(join(tmpdir(), 'lisbon-anchor-key-'));
    writeFileSync(join(folder, 'key'), `${'4C'.repeat(32)}\n`);
    const { anchor } = loadConfig({ ...BASE, ANCHOR_PRIVATE_KEY_FILE: join(folder, 'key') });
    expect(anchor?.privateKey()).toBe(KEY);
  });

  it('never holds the key where a log or a JSON copy of the configuration would show it', () => {
    const config = loadConfig({ ...BASE, ANCHOR_PRIVATE_KEY: KEY });
    expect(JSON.stringify(config)).not.toContain('4c4c4c4c');
  });

  it.each([
    [{ ANCHOR_RPC_URL: BASE.ANCHOR_RPC_URL, ANCHOR_PRIVATE_KEY: KEY }, /ANCHOR_CHAIN_ID must be set/],
    [BASE, /ANCHOR_PRIVATE_KEY or ANCHOR_PRIVATE_KEY_FILE must be set/],
    [{ ...BASE, ANCHOR_PRIVATE_KEY: KEY, ANCHOR_PRIVATE_KEY_FILE: '/run/secrets/key' }, /not both/],
    [{ ANCHOR_CONFIRMATIONS: '6' }, /ANCHOR_RPC_URL must be set for ANCHOR_CONFIRMATIONS/],
    [
      { ...BASE, ANCHOR_PRIVATE_KEY: KEY, ANCHOR_CONFIRMATIONS: '0' },
      /ANCHOR_CONFIRMATIONS must be a whole number/,
    ],
    [
      { ...BASE, ANCHOR_PRIVATE_KEY: KEY, ANCHOR_BATCH_SIZE: '100000' },
      /ANCHOR_BATCH_SIZE must be a whole number/,
    ],
    [{ ...BASE, ANCHOR_PRIVATE_KEY: KEY, ANCHOR_RPC_URL: 'ws://node' }, /ANCHOR_RPC_URL must be an http/],
    [
      { ...BASE, ANCHOR_PRIVATE_KEY: KEY, ANCHOR_EXPLORER_TX_URL: 'https://explorer.example.org/tx/' },
      /ANCHOR_EXPLORER_TX_URL must hold \{txHash\}/,
    ],
  ])('refuses %o, naming the variable', (env, message) => {
    expect(errorOf(env)).toMatch(message);
  });

  it('names a malformed key’s variable without printing the key', () => {
    const wrong = `0x${'zz'.repeat(32)}`;
    const message = errorOf({ ...BASE, ANCHOR_PRIVATE_KEY: wrong });
    expect(message).toMatch(/ANCHOR_PRIVATE_KEY must be a secp256k1 private key/);
    expect(message).not.toContain('zzzz');
  });
});
