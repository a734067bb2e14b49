import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import pLimit from 'p-limit';
import { AppError } from './errors';

/**
 * Argon2id (the library's default algorithm) at the OWASP minimum: 19 MiB, 2 passes, 1 lane.
 * The PHC string keeps the parameters, so raising them later still verifies old hashes.
 */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export type Argon2Options = { memoryCost: number; timeCost: number; parallelism: number };

let argon2Options: Argon2Options = ARGON2_OPTIONS;

/**
 * Hashes computed at once by this instance: one a core (four at most, the threads libuv lends to
 * files and DNS too). Each holds 19 MiB and a core for tens of milliseconds.
 */
export const PASSWORD_HASHES_AT_ONCE = Math.min(4, Math.max(1, availableParallelism()));
/** Hashes waiting for their turn: a second or two of work at most, past which one is refused. */
export const PASSWORD_HASHES_WAITING = 64;
/**
 * Password checks one client address may have running or waiting at once: a client sending its
 * right password hundreds of times at once (each given back, so the login limits never stop it)
 * takes no more than these of the instance's places, and leaves the rest to everyone else.
 */
export const PASSWORD_CHECKS_PER_ADDRESS = 8;
/** What a refused hash asks its caller to wait, in seconds (Retry-After). */
export const PASSWORD_HASHES_RETRY_SECONDS = 5;

/** The password hashes (made or checked) of one process: how many run, how many wait. */
export type PasswordWork = {
  /**
   * Runs `work` once fewer than `atOnce` hashes run, in the order asked; refused at once with 429
   * PASSWORD_CHECKS_BUSY and Retry-After when `waiting` already wait, or when `from` (a client's
   * address) already has `perAddress` running or waiting (decision 047).
   */
  run<T>(work: () => Promise<T>, from?: string): Promise<T>;
  /**
   * Throws what `run` would refuse with, counted as refused, when it has no room now for a check
   * from `from`: asked before an attempt is counted, so that a refusal costs the limits nothing.
   */
  assertRoom(from: string): void;
  readonly running: number;
  readonly waiting: number;
  /** The checks of one address running or waiting. */
  heldBy(from: string): number;
  /** How many were refused since the process started (`lisbon_password_hashes_refused_total`). */
  readonly refused: number;
};

export function createPasswordWork({
  atOnce,
  waiting,
  perAddress = PASSWORD_CHECKS_PER_ADDRESS,
}: {
  atOnce: number;
  waiting: number;
  perAddress?: number;
}): PasswordWork {
  const limit = pLimit(atOnce);
  /** Checks running or waiting per address; an address with none has no entry. */
  const held = new Map<string, number>();
  let refused = 0;
  const hasRoom = (from: string | undefined) =>
    limit.activeCount + limit.pendingCount < atOnce + waiting &&
    (from === undefined || (held.get(from) ?? 0) < perAddress);
  const busy = () => {
    refused += 1;
    const headers = { 'retry-after': String(PASSWORD_HASHES_RETRY_SECONDS) };
    return new AppError('PASSWORD_CHECKS_BUSY', { headers });
  };
  const release = (from: string) => {
    const left = (held.get(from) ?? 1) - 1;
    if (left > 0) held.set(from, left);
    else held.delete(from);
  };
  return {
    run(work, from) {
      if (!hasRoom(from)) return Promise.reject(busy());
      if (from === undefined) return limit(work);
      held.set(from, (held.get(from) ?? 0) + 1);
      return limit(work).finally(() => release(from));
    },
    assertRoom(from) {
      if (!hasRoom(from)) throw busy();
    },
    get running() {
      return limit.activeCount;
    },
    get waiting() {
      return limit.pendingCount;
    },
    heldBy(from) {
      return held.get(from) ?? 0;
    },
    get refused() {
      return refused;
    },
  };
}

/**
 * Every argon2id hash of the process goes through here: logins, password changes and activations
 * sent at once, with passwords up to the 1,024 characters allowed, each started a memory-hard
 * hash, and unbounded they took the instance's memory and cores from every other user.
 */
export const passwordWork = createPasswordWork({
  atOnce: PASSWORD_HASHES_AT_ONCE,
  waiting: PASSWORD_HASHES_WAITING,
});

/** A new password's hash; 429 PASSWORD_CHECKS_BUSY when the instance has too many to do already. */
export const hashPassword = (password: string): Promise<string> =>
  passwordWork.run(() => hash(password, argon2Options));

// Made at start, so even the first login for an unknown email costs a full check and no more.
let dummyHash = hashPassword(randomBytes(16).toString('hex'));

/**
 * The API tests only (test/passwords.setup.ts): hashes at a cost of their own, thousands of
 * registrations and logins a run at a fraction of a millisecond each instead of tens. Production
 * never calls it; its parameters are ARGON2_OPTIONS.
 */
export function setArgon2OptionsForTests(options: Argon2Options): void {
  argon2Options = options;
  dummyHash = hashPassword(randomBytes(16).toString('hex'));
}

/**
 * Checks a password against a stored hash. Without a hash (unknown email, account not activated)
 * it checks against a throwaway one, so the answer takes as long and says as little. Throws 429
 * PASSWORD_CHECKS_BUSY, checking nothing, when the instance has too many hashes to do already,
 * or `from` (the client's address) has PASSWORD_CHECKS_PER_ADDRESS checks running or waiting.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
  from?: string,
): Promise<boolean> {
  const target = storedHash ?? (await dummyHash);
  // The check waits its turn (429 PASSWORD_CHECKS_BUSY past the queue); only a hash it cannot read is false.
  const isMatch = await passwordWork.run(() => verify(target, password).catch(() => false), from);
  return storedHash ? isMatch : false;
}

/** The 49,233 passwords most often found in breaches (zxcvbn's list, most frequent first), lower case. */
const RANKED = dictionary['passwords-common'];
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(RANKED);
/** The head of the list, whose words are refused even dressed up. */
const MOST_COMMON: ReadonlySet<string> = new Set(RANKED.slice(0, 10_000));
const EDGE_DECORATION = /^[\d\W_]+|[\d\W_]+$/g;

/**
 * A password on the common list, or one of its 10,000 most frequent entries dressed with digits
 * and symbols at its ends ("Password1!", "#Dragon2026"): the first guesses of any cracking tool.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const bare = lower.replace(EDGE_DECORATION, '');
  return COMMON_PASSWORDS.has(lower) || (bare.length >= 4 && MOST_COMMON.has(bare));
}

export const COMMON_PASSWORD_COUNT = COMMON_PASSWORDS.size;
