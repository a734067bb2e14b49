import { createHash, randomBytes } from 'node:crypto';

type SecretListener = (secret: string) => void;
let secretListener: SecretListener | undefined;

/**
 * Test-only: `listener` is told of every secret minted from now on in this process (tokens, TOTP
 * secrets and recovery codes, checkout session ids, generated keys), for the test suite's check
 * that none of them reaches a log line (decision 083). Only the API tests' set-up file calls it;
 * nothing listens in production, where `minted` just returns its argument.
 */
export function listenToMintedSecrets(listener: SecretListener | undefined): void {
  secretListener = listener;
}

/** Marks a freshly generated secret (see `listenToMintedSecrets`) and returns it. */
export function minted<T extends string>(secret: T): T {
  secretListener?.(secret);
  return secret;
}

/** A bearer or link token: 256 random bits, base64url (43 characters). */
export const randomToken = (): string => minted(randomBytes(32).toString('base64url'));

/**
 * SHA-256 in hex. Enough for values that carry 256 random bits (tokens) or 60 (recovery
 * codes): they cannot be guessed, so a slow password hash would add nothing.
 */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
