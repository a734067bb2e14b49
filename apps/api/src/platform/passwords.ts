import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Argon2id (the library's default algorithm) at the OWASP minimum: 19 MiB, 2 passes, 1 lane.
 * The PHC string keeps the parameters, so raising them later still verifies old hashes.
 */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export type Argon2Options = { memoryCost: number; timeCost: number; parallelism: number };

let argon2Options: Argon2Options = ARGON2_OPTIONS;

export const hashPassword = (password: string): Promise<string> => hash(password, argon2Options);

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
 * it checks against a throwaway one, so the answer takes as long and says as little.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  const target = storedHash ?? (await dummyHash);
  const isMatch = await verify(target, password).catch(() => false);
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
