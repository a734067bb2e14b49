import { createHash, randomBytes } from 'node:crypto';

/** A bearer or link token: 256 random bits, base64url (43 characters). */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/**
 * SHA-256 in hex. Enough for values that carry 256 random bits (tokens) or 60 (recovery
 * codes): they cannot be guessed, so a slow password hash would add nothing.
 */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
