/** Whether a value is one of a list's members, so that it can be used as the list's type. */
export const isOneOf = <T>(values: readonly T[], value: unknown): value is T =>
  values.some((member) => member === value);

/** A record with one entry per key, each given by `valueOf`. */
export const recordOf = <K extends PropertyKey, V>(
  keys: readonly K[],
  valueOf: (key: K) => V,
): Record<K, V> =>
  // Object.fromEntries types its keys as any string; every key of K has its entry here.
  Object.fromEntries(keys.map((key) => [key, valueOf(key)])) as Record<K, V>;
