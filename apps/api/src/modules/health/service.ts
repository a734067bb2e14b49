import type { Health, Probe } from '@lisbon/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { pingDatabase } from './repository';

export type HealthContext = {
  db: Db;
  version: string;
  /** The commit of the build (`buildCommit`, platform/build.ts), or null. */
  commit: string | null;
  /** Maintenance as it stands (configuration or the administrators' switch). */
  maintenance: () => Promise<{ isOn: boolean; isStaffOnly: boolean }>;
  /**
   * Maintenance as it is known without asking the database (MAINTENANCE_MODE, or a fresh reading of
   * the switch); undefined otherwise.
   */
  knownMaintenance: () => { isOn: boolean; isStaffOnly: boolean } | undefined;
  /** True from the moment the instance is asked to stop: the balancer sends it nothing new. */
  isDraining: () => boolean;
  /** Real time (the security clock), for how long an answer of the database is reused. */
  clock: Clock;
};

/** How long an instance reuses the database's last answer to a health call. */
export const DATABASE_RECHECK_MS = 1000;
/**
 * How long calls wait on a question the database has not answered yet before one asks anew: a
 * connection lost without a word (a dropped route) must not leave the instance unready for good.
 */
export const DATABASE_PATIENCE_MS = 10_000;

type Ping = { answers: Promise<boolean>; startedAt: number; isSettled: boolean };

/** Per instance (per health context): the last question to the database, shared by every call. */
const pings = new WeakMap<HealthContext, Ping>();

/**
 * Whether the database answers. The health routes are not rate limited, so a load balancer's
 * probes are never refused; instead every call of the instance shares one question to the
 * database, asked anew only DATABASE_RECHECK_MS after the last (DATABASE_PATIENCE_MS while it is
 * still unanswered), so no number of calls (an attacker's flood of `/health`) asks more than
 * once a second, and a database that hangs is not asked again and again (docs/deploy.md, Probes).
 */
function databaseAnswers(context: HealthContext): Promise<boolean> {
  const now = context.clock.now().getTime();
  const last = pings.get(context);
  const age = last === undefined ? Number.POSITIVE_INFINITY : now - last.startedAt;
  const patience = last?.isSettled === false ? DATABASE_PATIENCE_MS : DATABASE_RECHECK_MS;
  if (last && age >= 0 && age < patience) return last.answers;
  const ping: Ping = { answers: Promise.resolve(false), startedAt: now, isSettled: false };
  ping.answers = pingDatabase(context.db)
    .then(
      () => true,
      () => false,
    )
    .finally(() => {
      ping.isSettled = true;
    });
  pings.set(context, ping);
  return ping.answers;
}

/** Readiness: not while draining (a rolling restart), nor without a database to serve from. */
export async function checkReadiness(context: HealthContext): Promise<Probe> {
  if (context.isDraining()) return { status: 'draining' };
  return (await databaseAnswers(context)) ? { status: 'ready' } : { status: 'database_unreachable' };
}

/** Public: no access check. A failing database degrades health instead of throwing. */
export async function checkHealth(context: HealthContext): Promise<Health> {
  const { version, commit, maintenance } = context;
  const database = (await databaseAnswers(context)) ? ('ok' as const) : ('unreachable' as const);
  // A database that cannot be read leaves the switch off: only the configuration is known. One
  // that did not answer the shared question is not asked for the switch either: a failed read of it
  // is not kept, so each call of a flood would ask the database anew.
  const off = { isOn: false, isStaffOnly: false };
  const state =
    database === 'ok' ? await maintenance().catch(() => off) : (context.knownMaintenance() ?? off);
  return {
    status: database === 'ok' ? 'ok' : 'degraded',
    database,
    version,
    commit,
    maintenance: state.isOn,
    maintenance_staff_only: state.isStaffOnly,
  };
}
