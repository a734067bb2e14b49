import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config';
import { loadCommandConfig, recordServedAddress } from '../src/platform/served-address';

let dataDir = '';
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the address commands write into mails and statements (issue 33)', () => {
  it('is the one the server on the same data directory serves when it was started on another PORT', () => {
    dataDir = mkdtempSync(join(tmpdir(), 'lisbon-served-'));
    const serverEnv = { DATA_DIR: dataDir, PORT: '3100' };
    recordServedAddress(loadConfig(serverEnv), serverEnv);
    expect(loadCommandConfig({ DATA_DIR: dataDir }).publicUrl).toBe('http://localhost:3100');
  });

  it('follows PUBLIC_URL or PORT when the command is given one, and the default without a server', () => {
    dataDir = mkdtempSync(join(tmpdir(), 'lisbon-served-'));
    expect(loadCommandConfig({ DATA_DIR: dataDir }).publicUrl).toBe('http://localhost:3000');
    const serverEnv = { DATA_DIR: dataDir, PORT: '3100' };
    recordServedAddress(loadConfig(serverEnv), serverEnv);
    expect(loadCommandConfig({ DATA_DIR: dataDir, PORT: '3200' }).publicUrl).toBe('http://localhost:3200');
    expect(loadCommandConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://portal.example.org' }).publicUrl).toBe(
      'https://portal.example.org',
    );
  });

  it('is not recorded by a server whose PUBLIC_URL is set: every process of a deployment is told it', () => {
    dataDir = mkdtempSync(join(tmpdir(), 'lisbon-served-'));
    const serverEnv = { DATA_DIR: dataDir, PORT: '3100', PUBLIC_URL: 'https://portal.example.org' };
    recordServedAddress(loadConfig(serverEnv), serverEnv);
    expect(loadCommandConfig({ DATA_DIR: dataDir }).publicUrl).toBe('http://localhost:3000');
  });
});
