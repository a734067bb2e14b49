import { localeSchema, WIZARD_STEPS } from '@lisbon/domain';
import { z } from 'zod/mini';

/**
 * Every value the SPA keeps in the browser (spec §2), in one place. Each key has a schema, so a
 * value left by an older version or edited by hand reads as "absent" instead of breaking a page.
 */
const objectValue = z.record(z.string(), z.unknown());

const STORAGE_SCHEMAS = {
  /** Who the token belongs to, as `POST /auth/refresh` answers it. */
  auth: z.object({ userId: z.number().check(z.int()) }),
  /** The opaque bearer token. */
  token: z.string().check(z.minLength(1)),
  /** When the token stops being valid, as the API wrote it (ISO 8601). */
  tokenExpiresAt: z.string().check(z.minLength(1)),
  /** Billing details typed to pay (a request, a delivery), shipping and delivery ones, kept across reloads. */
  billing: objectValue,
  shipping: objectValue,
  delivery: objectValue,
  /** The request wizard's draft: which request, and the step to resume at (the server keeps the answers). */
  draft: z.object({ practiceId: z.number().check(z.int()), step: z.enum(WIZARD_STEPS) }),
  /** Ids of the practices in the return-delivery cart. */
  cart: z.array(z.number().check(z.int())),
  /** The interface language the user chose. */
  language: localeSchema,
  /**
   * The page a visitor wanted when they went from the login page to register (a service they had
   * chosen), kept for their first login after the activation link, which the mail opens in another
   * tab; `until` is when it is forgotten (ms since 1970).
   */
  nextAfterActivation: z.object({ path: z.string(), until: z.number() }),
} as const;

type Schemas = typeof STORAGE_SCHEMAS;
export type StorageKey = keyof Schemas;
export type StorageValue<K extends StorageKey> = z.infer<Schemas[K]>;

export const STORAGE_PREFIX = 'lisbon.';

// Private browsing and sandboxed frames may refuse localStorage; the app then simply forgets.
function backend(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function get<K extends StorageKey>(key: K): StorageValue<K> | null {
  const raw = backend()?.getItem(STORAGE_PREFIX + key);
  if (raw == null) return null;
  try {
    const parsed = STORAGE_SCHEMAS[key].safeParse(JSON.parse(raw));
    // The schema of key K parses a StorageValue<K>; TypeScript cannot follow K into STORAGE_SCHEMAS.
    if (parsed.success) return parsed.data as StorageValue<K>;
  } catch {
    // Not JSON: treated like a value of the wrong shape below.
  }
  remove(key);
  return null;
}

type ChangeListener = (key: StorageKey) => void;
const changeListeners = new Set<ChangeListener>();

/** Tells `listener` about every value this tab sets or removes (the session keeper follows the expiry). */
function subscribe(listener: ChangeListener): () => void {
  changeListeners.add(listener);
  return () => {
    changeListeners.delete(listener);
  };
}

const notify = (key: StorageKey) => {
  for (const listener of [...changeListeners]) listener(key);
};

function set<K extends StorageKey>(key: K, value: StorageValue<K>): void {
  try {
    backend()?.setItem(STORAGE_PREFIX + key, JSON.stringify(value));
  } catch {
    // Quota exceeded or storage refused: the value lives for this page only.
  }
  notify(key);
}

function remove(key: StorageKey): void {
  try {
    backend()?.removeItem(STORAGE_PREFIX + key);
  } catch {
    // Nothing stored, nothing to remove.
  }
  notify(key);
}

export const storage = { get, set, remove, subscribe };

const UNSAVED_PREFIX = `${STORAGE_PREFIX}unsaved.`;

// Private browsing and sandboxed frames may refuse sessionStorage: the values then live on the page only.
function tab(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * What was typed in a form and not saved yet, kept in this browser tab only (sessionStorage) under
 * `<user id>.<form>`: read back when the form opens again (browser Back, a reload, a new login).
 */
export const unsavedValues = {
  read(key: string): Record<string, unknown> | null {
    try {
      const parsed: unknown = JSON.parse(tab()?.getItem(UNSAVED_PREFIX + key) ?? 'null');
      return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : null;
    } catch {
      return null;
    }
  },
  write(key: string, values: Record<string, unknown> | null): void {
    try {
      if (values === null) tab()?.removeItem(UNSAVED_PREFIX + key);
      else tab()?.setItem(UNSAVED_PREFIX + key, JSON.stringify(values));
    } catch {
      // Quota exceeded or storage refused: the values live on the page only.
    }
  },
  /** Forgets every form's values (a logout on purpose: the next person starts clean). */
  forgetAll(): void {
    forgetUnsaved(() => true);
  },
  /**
   * Forgets the values typed under any other account than `userId` (a login: what someone else
   * typed before their session expired in this tab is not left for the next person to read).
   */
  forgetAllBut(userId: number): void {
    forgetUnsaved((key) => !key.startsWith(`${UNSAVED_PREFIX}${userId}.`));
  },
};

function forgetUnsaved(isForgotten: (key: string) => boolean): void {
  const store = tab();
  if (!store) return;
  for (const key of Object.keys(store)) {
    if (key.startsWith(UNSAVED_PREFIX) && isForgotten(key)) store.removeItem(key);
  }
}

/** The bearer token, unless it has expired. */
export function getSessionToken(now: Date = new Date()): string | null {
  const token = get('token');
  if (!token) return null;
  const expiresAt = Date.parse(get('tokenExpiresAt') ?? '');
  // An unreadable expiry is left to the API, which answers TOKEN_EXPIRED if it has passed.
  if (!Number.isNaN(expiresAt) && expiresAt <= now.getTime()) return null;
  return token;
}

/**
 * Forgets who was logged in (logout, or a failed profile load), with the personal data typed
 * under that login, so the next person on a shared computer starts clean. The language stays.
 */
export function clearSession(): void {
  // Object.keys types keys as strings; STORAGE_SCHEMAS has exactly the StorageKeys.
  for (const key of Object.keys(STORAGE_SCHEMAS) as StorageKey[]) {
    if (key !== 'language') remove(key);
  }
}
