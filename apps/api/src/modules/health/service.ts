import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Health, Probe } from '@lisbon/domain';
import type { Db } from '../../platform/db/database';
import { pingDatabase } from './repository';

/**
 * The commit a release tarball was built from: its `COMMIT` file at the install's root (written by
 * `npm run release`, decision 087; `-dirty` when it held changes no commit has). A build between
 * two releases carries the same version, so this tells them apart. Null in a checkout.
 */
export function buildCommit(root: string): string | null {
  try {
    const text = readFileSync(join(root, 'COMMIT'), 'utf8').trim();
    return /^[0-9a-f]{7,40}(-dirty)?$/.test(text) ? text : null;
  } catch {
    return null;
  }
}

export type HealthContext = {
  db: Db;
  version: string;
  /** The commit of the build (`buildCommit`), or null. */
  commit: string | null;
  /** Maintenance as it stands (configuration or the administrators' switch). */
  maintenance: () => Promise<{ isOn: boolean; isStaffOnly: boolean }>;
  /** True from the moment the instance is asked to stop: the balancer sends it nothing new. */
  isDraining: () => boolean;
};

/** Readiness: not while draining (a rolling restart), nor without a database to serve from. */
export async function checkReadiness({ db, isDraining }: HealthContext): Promise<Probe> {
  if (isDraining()) return { status: 'draining' };
  return pingDatabase(db).then(
    () => ({ status: 'ready' as const }),
    () => ({ status: 'database_unreachable' as const }),
  );
}

/** Public: no access check. A failing database degrades health instead of throwing. */
export async function checkHealth({ db, version, commit, maintenance }: HealthContext): Promise<Health> {
  const database = await pingDatabase(db).then(
    () => 'ok' as const,
    () => 'unreachable' as const,
  );
  // A database that cannot be read leaves the switch off: only the configuration is known.
  const state = await maintenance().catch(() => ({ isOn: false, isStaffOnly: false }));
  return {
    status: database === 'ok' ? 'ok' : 'degraded',
    database,
    version,
    commit,
    maintenance: state.isOn,
    maintenance_staff_only: state.isStaffOnly,
  };
}
