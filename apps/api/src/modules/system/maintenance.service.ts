import type { MaintenanceState, Notices } from '@lisbon/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import { announcedClosures } from '../reference/closures.service';
import type { SessionUser } from '../sessions/service';
import { findSetting, listSettingChanges, writeSetting } from '../../platform/settings/repository';

const MAINTENANCE_KEY = 'maintenance_mode';
const HISTORY_LENGTH = 10;

export type Maintenance = { isOn: boolean; isStaffOnly: boolean };

/** How long an instance trusts the switch it last read: every instance follows a change within this. */
export const MAINTENANCE_RECHECK_MS = 2000;

type SwitchReading = { isOn: Promise<boolean>; readAt: number; value?: boolean };

/** Per instance (per app context): the last reading of the switch, shared by concurrent calls. */
const readings = new WeakMap<AppContext, SwitchReading>();

/**
 * Maintenance as it stands for this request: MAINTENANCE_MODE when set (true: everything stops;
 * false: never), otherwise the administrators' switch. Every API call asks, so the switch is read
 * from the database at most once per MAINTENANCE_RECHECK_MS per instance, and at once after this
 * instance changes it; other instances follow within that delay (decisions 030, 050).
 */
export async function currentMaintenance(ctx: AppContext): Promise<Maintenance> {
  const configured = ctx.config.maintenanceModeSetting;
  if (configured !== null) return { isOn: configured, isStaffOnly: false };
  const isOn = await recentSwitch(ctx);
  return { isOn, isStaffOnly: isOn };
}

/**
 * Maintenance as `currentMaintenance` would answer it, when that is known without waiting (the
 * configured setting, or a fresh reading of the switch that has come back); undefined otherwise.
 */
export function knownMaintenance(ctx: AppContext): Maintenance | undefined {
  const configured = ctx.config.maintenanceModeSetting;
  if (configured !== null) return { isOn: configured, isStaffOnly: false };
  const isOn = freshReading(ctx, ctx.clock.now().getTime())?.value;
  return isOn === undefined ? undefined : { isOn, isStaffOnly: isOn };
}

function freshReading(ctx: AppContext, now: number): SwitchReading | undefined {
  const reading = readings.get(ctx);
  return reading && now >= reading.readAt && now - reading.readAt < MAINTENANCE_RECHECK_MS
    ? reading
    : undefined;
}

function recentSwitch(ctx: AppContext): Promise<boolean> {
  const now = ctx.clock.now().getTime();
  const fresh = freshReading(ctx, now);
  if (fresh) return fresh.isOn;
  const isOn = isSettingOn(ctx);
  const reading: SwitchReading = { isOn, readAt: now };
  readings.set(ctx, reading);
  isOn.then(
    (value) => (reading.value = value),
    // A failed read is not remembered: the next call asks the database again.
    () => readings.delete(ctx),
  );
  return isOn;
}

async function isSettingOn(ctx: AppContext): Promise<boolean> {
  const row = await findSetting(ctx.db, MAINTENANCE_KEY);
  return row?.value === 'true';
}

/** GET /notices: public, no access check; what the portal's banners show. */
export async function currentNotices(ctx: AppContext): Promise<Notices> {
  const maintenance = await currentMaintenance(ctx);
  return {
    closures: await announcedClosures(ctx),
    maintenance: { is_on: maintenance.isOn, is_staff_only: maintenance.isStaffOnly },
  };
}

/** GET /staff/maintenance: the switch, what decides, and who changed it lately. */
export async function getMaintenanceState(ctx: AppContext, actor: SessionUser): Promise<MaintenanceState> {
  if (!actor.abilities['staff.workspace']) throw new AppError('FORBIDDEN_ACCESS');
  const maintenance = await currentMaintenance(ctx);
  const changes = await listSettingChanges(ctx.db, MAINTENANCE_KEY, HISTORY_LENGTH);
  return {
    is_on: maintenance.isOn,
    source: ctx.config.maintenanceModeSetting === null ? 'setting' : 'configuration',
    is_setting_on: await isSettingOn(ctx),
    changes: changes.map((change) => ({
      is_on: change.value_after === 'true',
      changed_at: change.changed_at,
      changed_by: change.email,
    })),
  };
}

/** PUT /staff/maintenance: administrators switch maintenance; audited, effective on the next call. */
export async function setMaintenance(
  ctx: AppContext,
  actor: SessionUser,
  isOn: boolean,
): Promise<MaintenanceState> {
  if (!actor.abilities['staff.manage']) throw new AppError('ADMIN_FORBIDDEN_ACCESS');
  if (ctx.config.maintenanceModeSetting !== null) throw new AppError('MAINTENANCE_CONFIGURED');
  await ctx.db.transaction().execute(async (trx) => {
    const before = await findSetting(trx, MAINTENANCE_KEY);
    const after = String(isOn);
    if (before?.value === after) return;
    await writeSetting(trx, {
      key: MAINTENANCE_KEY,
      before: before?.value ?? null,
      after,
      userId: actor.id,
      now: ctx.clock.now().toISOString(),
    });
  });
  readings.delete(ctx);
  return getMaintenanceState(ctx, actor);
}
