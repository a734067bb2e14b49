import pg from 'pg';

/**
 * A run's mark on a PostgreSQL server: a connection named after the run, open while what it made
 * lives, closed by the server when the run's process ends anyhow (interrupted, killed). A sweep at
 * another run's start drops only what no living run holds: the API tests' templates and schemas
 * (template-database.ts), the cluster harness's databases (e2e/cluster/database.ts). Free of the
 * API's code, for the harness too.
 */

/** The application name of a run's holder connection: this, then the run's id. */
const HOLDER_PREFIX = 'lisbon-test-run ';

/** The run's holder connection, named after its id. */
export async function holdRun(postgresUrl: string, runId: string): Promise<pg.Client> {
  const holder = new pg.Client({
    connectionString: postgresUrl,
    application_name: `${HOLDER_PREFIX}${runId}`,
  });
  // A server that goes away fails the run where the files use it, not here as an unhandled event.
  holder.on('error', () => undefined);
  await holder.connect();
  return holder;
}

/** The ids of the runs whose holder connection is open now, on the server `client` is connected to. */
export async function heldRuns(client: pg.Client): Promise<Set<string>> {
  const { rows } = await client.query<{ name: string }>(
    `select application_name as name from pg_stat_activity where left(application_name, $2) = $1`,
    [HOLDER_PREFIX, HOLDER_PREFIX.length],
  );
  return new Set(rows.map((row) => row.name.slice(HOLDER_PREFIX.length)));
}

/** A condition on pg_stat_activity's rows: the connection is not a run's holder. */
export const OTHERS_THAN_HOLDERS = `left(coalesce(application_name, ''), ${HOLDER_PREFIX.length}) <> '${HOLDER_PREFIX}'`;
