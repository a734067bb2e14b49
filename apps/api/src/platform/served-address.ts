import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, type Config } from './config';

/**
 * The address a local server serves, kept in its DATA_DIR, so that commands run beside it (`npm run
 * cli -- demo:statement`) write the same address into mails and statements when the server was
 * started on another PORT (issue 33, decision 085). Written only when PUBLIC_URL is unset, where
 * the server derives it from PORT; a deployment sets PUBLIC_URL for every process and never needs it.
 */
const FILE = 'served-address.json';

export function recordServedAddress(config: Config, env: NodeJS.ProcessEnv): void {
  if (env.PUBLIC_URL) return;
  try {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(join(config.dataDir, FILE), `${JSON.stringify({ public_url: config.publicUrl })}\n`);
  } catch {
    // A read-only data directory loses only this convenience: commands then need PORT or PUBLIC_URL.
  }
}

function servedAddress(dataDir: string): string | null {
  try {
    const { public_url: url } = JSON.parse(readFileSync(join(dataDir, FILE), 'utf8')) as {
      public_url?: unknown;
    };
    return typeof url === 'string' ? url : null;
  } catch {
    // No server has started on this data directory yet.
    return null;
  }
}

/**
 * A command's configuration: PUBLIC_URL, else PORT, as for the server; with neither, the address
 * the server on this DATA_DIR last served rather than the default port's.
 */
export function loadCommandConfig(env: NodeJS.ProcessEnv): Config {
  const config = loadConfig(env);
  if (env.PUBLIC_URL || env.PORT) return config;
  const served = servedAddress(config.dataDir);
  return served ? loadConfig({ ...env, PUBLIC_URL: served }) : config;
}
