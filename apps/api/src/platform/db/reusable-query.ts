import { CompiledQuery, type Compilable } from 'kysely';
import { directReaderOf, type Db } from './database';

/** A stand-in for an argument while the query is compiled once; never sent to a database. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query built and compiled once per database, then run with new arguments: for the calls
 * every logged-in page makes every few seconds, where building and compiling with Kysely cost as
 * much as running the query (decision 050); on SQLite, outside a transaction, it skips Kysely's
 * executor too (`directReaderOf`). `build` must use each argument as a bound value
 * only (in `where`, `values`…), never to choose the query's shape.
 */
export function reusableQuery<Args extends unknown[], Row>(
  build: (db: Db, ...args: Args) => Compilable<Row>,
): (db: Db, ...args: Args) => Promise<Row[]> {
  const compiled = new WeakMap<Db, { sql: string; parameters: readonly unknown[] }>();
  return async (db, ...args) => {
    let query = compiled.get(db);
    if (!query) {
      // Slots stand in for the arguments while the query is built: build only passes them on to Kysely.
      const slots = args.map((_, index) => new Slot(index)) as unknown as Args;
      query = build(db, ...slots).compile();
      compiled.set(db, query);
    }
    const parameters = query.parameters.map((value) => (value instanceof Slot ? args[value.index] : value));
    const direct = directReaderOf(db)?.(query.sql, parameters);
    // The same SQL as Kysely's, read straight from SQLite: rows of this query's Row.
    if (direct) return direct as Row[];
    const { rows } = await db.executeQuery<Row>(CompiledQuery.raw(query.sql, parameters));
    return rows;
  };
}
