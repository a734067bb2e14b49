import type { Db } from '../../platform/db/database';
import { insertSettingChange, type SettingChange } from './repository';

/**
 * Records an administrator's change to a setting kept elsewhere (the calendar's periods) in the
 * settings' audit trail, inside the caller's transaction.
 */
export async function recordSettingChange(trx: Db, change: SettingChange): Promise<void> {
  await insertSettingChange(trx, change);
}
