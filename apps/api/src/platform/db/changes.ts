import type SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { CHANGE_CHANNEL } from './migrations/2026-11-26-300-change-notifications';

/** The tables whose rows an instance keeps in memory (decision 076). */
export type WatchedTable = 'sessions' | 'users' | 'practices';
const WATCHED_TABLES: readonly WatchedTable[] = ['sessions', 'users', 'practices'];

/**
 * What changed: the keys of one table's rows (a session's token hash, a user's id, a request's
 * applicant's id, as text), or `all` of them — and `all` of every table when the feed was lost.
 */
export type Change = { table: WatchedTable; keys: readonly string[] | 'all' };

/**
 * The database's own word on which rows changed, so an instance may keep rows in memory and
 * still never answer from a row that changed under it, whoever changed it (decision 076).
 *
 * Use: note `generation()` before a read; keep the row only if the feed `isLive()` and the
 * generation has not moved when the row comes back (a change heard meanwhile may be newer than
 * the row), and drop what `onChange` names.
 */
export type ChangeFeed = {
  /** Changes are being heard: when false (not started yet, connection lost), keep nothing. */
  isLive(): boolean;
  /** Moves at every change heard and at every loss or return of the feed. */
  generation(): number;
  /** SQLite: hears at once the commits of other connections (the CLI); a cheap no-op elsewhere. */
  catchUp(): void;
  /**
   * Resolves once every change committed before the call has been heard: on PostgreSQL a round
   * trip on the listening connection, which delivers pending notifications before its answer.
   * After a call that wrote, so this instance never answers its next call from a row it changed.
   */
  settle(): Promise<void>;
  onChange(listener: (change: Change) => void): () => void;
};

type Source = {
  start(hear: (change: Change) => void, setLive: (isLive: boolean) => void): Promise<void>;
  catchUp(): void;
  settle(): Promise<void>;
  stop(): Promise<void>;
};

type Log = (message: string) => void;
/** A database handle, as database.ts opens it: each handle has its own source and feed. */
type Db = object;
const sources = new WeakMap<Db, (log: Log) => Source>();
const feeds = new WeakMap<Db, ChangeFeed & { starts: number; stop: () => Promise<void> }>();

/** database.ts tells how each database it opens hears its changes. */
export function registerChangeSource(db: Db, source: (log: Log) => Source): void {
  sources.set(db, source);
}

/** The database's feed once started; undefined before (a caller then keeps nothing). */
export const changeFeedOf = (db: Db): ChangeFeed | undefined => feeds.get(db);

/** The text of a notification on `lisbon_changes`: `table:key,key` or `table:*`. */
export function parseChange(payload: string): Change | undefined {
  const colon = payload.indexOf(':');
  const table = WATCHED_TABLES.find((name) => name === payload.slice(0, colon));
  if (!table) return undefined;
  const rest = payload.slice(colon + 1);
  return { table, keys: rest === '*' ? 'all' : rest.split(',') };
}

/**
 * Starts hearing the database's changes: after the migrations (SQLite's triggers name the
 * tables). Started again for the same database (two apps on one connection in a test), it is
 * the same feed; each start needs its stop.
 */
export async function startChangeFeed(db: Db, log: Log): Promise<{ stop(): Promise<void> }> {
  const existing = feeds.get(db);
  if (existing) {
    existing.starts += 1;
    return { stop: () => existing.stop() };
  }
  const makeSource = sources.get(db);
  if (!makeSource) throw new Error('this database does not say how to hear its changes');
  const source = makeSource(log);
  const listeners = new Set<(change: Change) => void>();
  let generation = 0;
  let isLive = false;
  const hear = (change: Change) => {
    generation += 1;
    for (const listener of listeners) listener(change);
  };
  const forgetAll = () => {
    for (const table of WATCHED_TABLES) hear({ table, keys: 'all' });
  };
  const feed = {
    starts: 1,
    isLive: () => isLive,
    generation: () => generation,
    catchUp: () => source.catchUp(),
    settle: () => source.settle(),
    onChange(listener: (change: Change) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async stop() {
      feed.starts -= 1;
      if (feed.starts > 0) return;
      feeds.delete(db);
      isLive = false;
      forgetAll();
      await source.stop();
    },
  };
  feeds.set(db, feed);
  try {
    await source.start(hear, (live) => {
      // Lost or back: what was kept may have changed unheard.
      isLive = live;
      forgetAll();
    });
  } catch (error) {
    // An instance whose database cannot be reached still starts (its health says so): nothing kept.
    log(
      `the database's changes are not heard, nothing is kept in memory: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return { stop: () => feed.stop() };
}

/**
 * SQLite: temporary triggers on the portal's own connection call back into this process for
 * every row it changes (inside the statement, so before any later read on the connection), and
 * `PRAGMA data_version` moves when another connection (the CLI, a backup restore) commits —
 * then everything kept is dropped.
 */
export function sqliteChangeSource(database: SqliteDatabase.Database): Source {
  const FUNCTION = 'lisbon_changed';
  // Prepared once, when started: `database.pragma()` prepares its statement on every call.
  let readDataVersion: SqliteDatabase.Statement | undefined;
  const dataVersion = () => readDataVersion?.get() as number;
  let hearChange: ((change: Change) => void) | undefined;
  let seenVersion = 0;
  let isStarted = false;
  let isCaughtUpThisTurn = false;
  const triggers: { name: string; sql: string }[] = [];
  const watch = (table: WatchedTable, event: 'insert' | 'update' | 'delete', keys: string[]) => {
    const name = `lisbon_${table}_changes_${event}`;
    const calls = keys.map((key) => `select ${FUNCTION}('${table}', ${key});`).join(' ');
    triggers.push({
      name,
      sql: `create temp trigger if not exists ${name} after ${event} on main.${table} begin ${calls} end`,
    });
  };
  watch('sessions', 'update', ['old.token_hash']);
  watch('sessions', 'delete', ['old.token_hash']);
  watch('users', 'update', ['old.id']);
  watch('users', 'delete', ['old.id']);
  watch('practices', 'insert', ['new.user_id']);
  watch('practices', 'update', ['old.user_id', 'new.user_id']);
  watch('practices', 'delete', ['old.user_id']);
  return {
    async start(hear, setLive) {
      hearChange = hear;
      database.function(FUNCTION, { deterministic: false }, (table: unknown, key: unknown) => {
        const watched = WATCHED_TABLES.find((name) => name === table);
        if (watched && isStarted) hearChange?.({ table: watched, keys: [String(key)] });
        return null;
      });
      for (const trigger of triggers) database.exec(trigger.sql);
      readDataVersion = database.prepare('pragma data_version').pluck();
      seenVersion = dataVersion();
      isStarted = true;
      setLive(true);
    },
    catchUp() {
      // Once per turn of the event loop: the calls of one turn run as if at the same moment, so a
      // commit elsewhere during the turn is no different from one just after it (and the pragma,
      // which opens a read on the file, is paid once for the many polls a busy turn answers).
      if (!isStarted || isCaughtUpThisTurn || !database.open) return;
      isCaughtUpThisTurn = true;
      setImmediate(() => {
        isCaughtUpThisTurn = false;
      });
      const version = dataVersion();
      if (version === seenVersion) return;
      seenVersion = version;
      for (const table of WATCHED_TABLES) hearChange?.({ table, keys: 'all' });
    },
    // The triggers fire inside the writing statement: nothing is ever pending.
    settle: async () => undefined,
    async stop() {
      isStarted = false;
      if (!database.open) return;
      for (const trigger of triggers) database.exec(`drop trigger if exists temp.${trigger.name}`);
    },
  };
}

/** The `application_name` of each instance's listening connection. */
export const CHANGE_LISTENER_NAME = 'lisbon-changes';

/** How long to wait before listening again after the connection was lost. */
const RECONNECT_MS = 1000;

/**
 * PostgreSQL: one connection per instance LISTENs on `lisbon_changes` (the migration's triggers
 * notify at commit). While it is down the feed is not live, so nothing is kept; it connects
 * again every second.
 */
export function postgresChangeSource(connection: pg.ClientConfig, log: Log): Source {
  let client: pg.Client | undefined;
  let isStopped = false;
  let retry: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const roundTrip = (): Promise<void> =>
    (client?.query('select 1') ?? Promise.resolve())
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        inFlight = undefined;
      });
  async function listen(hear: (change: Change) => void, setLive: (isLive: boolean) => void): Promise<void> {
    // Named, so an operator sees in pg_stat_activity what the connection is for.
    const next = new pg.Client({ ...connection, application_name: CHANGE_LISTENER_NAME });
    client = next;
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      setLive(false);
      void next.end().catch(() => undefined);
      if (!isStopped)
        retry = setTimeout(() => void listen(hear, setLive).catch(() => undefined), RECONNECT_MS);
    };
    next.on('error', (error: Error) => {
      log(`the database's change notifications were lost: ${error.message}`);
      lost();
    });
    next.on('end', lost);
    next.on('notification', (message) => {
      const change = message.channel === CHANGE_CHANNEL ? parseChange(message.payload ?? '') : undefined;
      if (change) hear(change);
    });
    try {
      await next.connect();
      await next.query(`listen ${CHANGE_CHANNEL}`);
    } catch (error) {
      log(
        `the database's change notifications are not heard: ${error instanceof Error ? error.message : String(error)}`,
      );
      lost();
      return;
    }
    if (client === next && !isStopped) setLive(true);
  }
  return {
    start: (hear, setLive) => listen(hear, setLive),
    catchUp: () => undefined,
    settle() {
      // A lost connection keeps nothing, so there is nothing to wait for.
      if (!client) return Promise.resolve();
      // One round trip at a time on the connection: the calls that come while one is under way
      // share the next, which starts after their commits.
      if (!inFlight) return (inFlight = roundTrip());
      queued ??= inFlight.then(() => {
        queued = undefined;
        return (inFlight = roundTrip());
      });
      return queued;
    },
    async stop() {
      isStopped = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
