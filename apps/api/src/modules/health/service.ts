import type { Health } from '@lisbon/domain';
import type { Db } from '../../platform/db/database';
import { pingDatabase } from './repository';

export type HealthContext = {
  db: Db;
  version: string;
  /** Maintenance as it stands (configuration or the administrators' switch). */
  maintenance: () => Promise<{ isOn: boolean; isStaffOnly: boolean }>;
};

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
