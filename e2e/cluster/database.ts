import pg from 'pg';
import { heldRuns, holdRun } from '../../apps/api/test/run-holder';

/**
 * The cluster's one PostgreSQL database (`lisbon_cluster_<time>`), held while the cluster lives by
 * a connection named after it (apps/api/test/run-holder.ts, the API tests' rule for their
 * templates): a run aborted before its stop (interrupted, killed, a failed start that never got to
 * its cleanup) left its database for good, a migrated portal's worth of disk each. A start sweeps
 * those no living run holds.
 */
const PREFIX = 'lisbon_cluster_';
const NAME = /^lisbon_cluster_[0-9a-z]+$/;

const withDatabase = (url: string, name: string) => {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other.toString();
};

/**
 * Drops the cluster databases no living run holds and nothing is connected to (one named before the
 * runs held theirs, which a cluster of that time uses, stays); answers their names. Never fails a
 * start: another sweeping at the same moment may drop one first.
 */
export async function sweepStaleClusterDatabases(postgresUrl: string): Promise<string[]> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    const [databases, held, connected] = await Promise.all([
      admin.query<{ name: string }>(`select datname as name from pg_database where left(datname, $2) = $1`, [
        PREFIX,
        PREFIX.length,
      ]),
      heldRuns(admin),
      admin.query<{ name: string }>(
        `select distinct datname as name from pg_stat_activity where datname is not null`,
      ),
    ]);
    const used = new Set(connected.rows.map((row) => row.name));
    const stale = databases.rows
      .map((row) => row.name)
      .filter((name) => NAME.test(name) && !held.has(name) && !used.has(name));
    const dropped: string[] = [];
    for (const name of stale)
      await admin.query(`drop database if exists "${name}" with (force)`).then(
        () => dropped.push(name),
        () => undefined,
      );
    return dropped;
  } finally {
    await admin.end();
  }
}

/**
 * A new cluster database on the server of `postgresUrl`, held from before it exists until drop(),
 * after the stale ones are swept.
 */
export async function createClusterDatabase(
  postgresUrl: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${PREFIX}${Date.now().toString(36)}`;
  const holder = await holdRun(postgresUrl, name);
  try {
    await sweepStaleClusterDatabases(postgresUrl);
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`).finally(() => admin.end());
  } catch (error) {
    await holder.end();
    throw error;
  }
  return {
    name,
    url: withDatabase(postgresUrl, name),
    async drop() {
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      try {
        await admin.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await admin.end();
        await holder.end();
      }
    },
  };
}
