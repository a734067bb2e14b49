import { describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../src/platform/config';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

describe('configuration', () => {
  it('uses the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      database: { dialect: 'sqlite', path: join(REPO_ROOT, 'data', 'lisbon.sqlite') },
      dataDir: join(REPO_ROOT, 'data'),
      webDistDir: join(REPO_ROOT, 'apps', 'web', 'dist'),
      logLevel: 'info',
      isMaintenanceMode: false,
      trustProxy: false,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('resolves the repository root from the source file, not the working directory', () => {
    const rootPackage = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string };
    expect(rootPackage.name).toBe('lisbon');
    expect(loadConfig({ DATA_DIR: 'var/lisbon' }).dataDir).toBe(join(REPO_ROOT, 'var', 'lisbon'));
  });

  it.each(['abc', '70000', '-1', '3.5'])('refuses PORT=%s with a message naming PORT', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(/^Invalid configuration: PORT must be/);
  });

  it.each(['mysql://user@host/db', 'postgres://', 'sqlite:'])(
    'refuses DATABASE_URL=%s naming DATABASE_URL',
    (url) => {
      expect(() => loadConfig({ DATABASE_URL: url })).toThrow(/^Invalid configuration: DATABASE_URL /);
    },
  );

  it('picks PostgreSQL for postgres:// and postgresql:// URLs', () => {
    for (const url of ['postgres://app@db:5432/lisbon', 'postgresql://app@db/lisbon']) {
      expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ dialect: 'postgres', url });
    }
  });

  it('picks SQLite for sqlite:<path> and plain paths, relative to the repository', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:data/other.sqlite' }).database).toEqual({
      dialect: 'sqlite',
      path: join(REPO_ROOT, 'data', 'other.sqlite'),
    });
    expect(loadConfig({ DATABASE_URL: '/tmp/x.sqlite' }).database).toEqual({
      dialect: 'sqlite',
      path: '/tmp/x.sqlite',
    });
  });

  it('reads the flags and names the variable of a wrong one', () => {
    expect(loadConfig({ MAINTENANCE_MODE: '1', TRUST_PROXY: 'true' })).toMatchObject({
      isMaintenanceMode: true,
      trustProxy: true,
    });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadConfig({ MAINTENANCE_MODE: 'maybe' })).toThrow(/MAINTENANCE_MODE must be/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://example.org' })).toThrow(/PUBLIC_URL must be/);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY must be/);
  });

  it('treats empty variables as unset and strips a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '', PUBLIC_URL: 'https://lisbon.example.org/' })).toMatchObject({
      port: 3000,
      publicUrl: 'https://lisbon.example.org',
    });
  });
});
