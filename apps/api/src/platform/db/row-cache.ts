import { changeFeedOf, type Change, type ChangeFeed, type WatchedTable } from './changes';
import type { Db } from './database';

export type RowCacheOptions<Value> = {
  /** The most values kept per instance; the least recently used go first. */
  maxEntries: number;
  /**
   * Which changes drop which values: for each watched table, the keys of the values a change of
   * that table's rows (named by the change's keys) makes stale. A table not listed drops nothing.
   */
  dependsOn: Partial<
    Record<WatchedTable, (changedKeys: readonly string[], kept: KeptValues<Value>) => Iterable<string>>
  >;
};

/** What a cache holds, for `dependsOn` to find the values a change names. */
export type KeptValues<Value> = { get(key: string): Value | undefined; keys(): Iterable<string> };

type Entry<Value> = { value: Value };

/** Every object a row cache keeps: frozen, shared by every call that reads it until it is dropped. */
const keptObjects = new WeakSet<object>();

/** Whether this object is one a row cache keeps (frozen, never changed: an answer built from it may be reused). */
export const isKept = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && keptObjects.has(value);

/** Freezes an object and everything in it, so no caller can change what the others read. */
function deepFreeze<Value>(value: Value): Value {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const item of Object.values(value)) deepFreeze(item);
  return Object.freeze(value);
}

/**
 * Rows read once and then answered from memory, per instance and per database, until the
 * database says they changed (decision 076). A value is kept only while the database's change
 * feed is live and when no change was heard during its read, so a value read before a change it
 * did not see is never kept; nothing is kept for a row that is not there. Without a feed (a tool
 * that did not start one) every call reads.
 */
export function rowCache<Key extends string | number, Value>(
  options: RowCacheOptions<Value>,
): (db: Db, key: Key, read: () => Promise<Value>) => Promise<Value> {
  // Per feed: a feed stopped and started again begins with nothing kept.
  const caches = new WeakMap<ChangeFeed, Map<string, Entry<Value>>>();

  function cacheOf(feed: ChangeFeed): Map<string, Entry<Value>> {
    const existing = caches.get(feed);
    if (existing) return existing;
    const entries = new Map<string, Entry<Value>>();
    const kept: KeptValues<Value> = { get: (key) => entries.get(key)?.value, keys: () => entries.keys() };
    const forget = (change: Change) => {
      const stale = options.dependsOn[change.table];
      if (!stale) return;
      if (change.keys === 'all') return entries.clear();
      for (const key of [...stale(change.keys, kept)]) entries.delete(key);
    };
    feed.onChange(forget);
    caches.set(feed, entries);
    return entries;
  }

  return async (db, key, read) => {
    const feed = changeFeedOf(db);
    if (!feed) return read();
    const entries = cacheOf(feed);
    feed.catchUp();
    const name = String(key);
    const hit = entries.get(name);
    if (hit && feed.isLive()) {
      // Most recently used last: the first key is the one to drop.
      entries.delete(name);
      entries.set(name, hit);
      return hit.value;
    }
    const generation = feed.generation();
    const value = await read();
    // Nothing is kept for a row that is not there (an unknown token): it is not worth a slot.
    if (value !== undefined && feed.isLive() && feed.generation() === generation) {
      entries.set(name, { value: deepFreeze(value) });
      if (typeof value === 'object' && value !== null) keptObjects.add(value);
      if (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    }
    return value;
  };
}
