import type { Health, Probe } from '@lisbon/domain';
import type { Db } from '../../platform/db/database';
import { pingDatabase } from './repository';

export type HealthContext = {
  db: Db;
  version: string;
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
export async function checkHealth({ db, version, maintenance }: HealthContext): Promise<Health> {
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
    maintenance: state.isOn,
    maintenance_staff_only: state.isStaffOnly,
  };
}
