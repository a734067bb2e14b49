import type { Health } from '@lisbon/domain';
import type { Db } from '../../platform/db/database';
import { pingDatabase } from './repository';

export type HealthContext = { db: Db; version: string; isMaintenanceMode: boolean };

/** Public: no access check. A failing database degrades health instead of throwing. */
export async function checkHealth({ db, version, isMaintenanceMode }: HealthContext): Promise<Health> {
  const database = await pingDatabase(db).then(
    () => 'ok' as const,
    () => 'unreachable' as const,
  );
  return {
    status: database === 'ok' ? 'ok' : 'degraded',
    database,
    version,
    maintenance: isMaintenanceMode,
  };
}
