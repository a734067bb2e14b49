/**
 * The names of the deployment's key set, in the order the checks report them (decision 086).
 * `fingerprints.ts` defines each one; the CLI's usage names them without loading that module.
 */
export const KEY_NAMES = ['ledger', 'signing', 'totp', 'webhook', 'anchor', 'wallet'] as const;

export type KeyName = (typeof KEY_NAMES)[number];

/** The keys `keys:rotate` changes: all but the ledger's, which checks every entry (decision 039). */
export const ROTATABLE_KEY_NAMES = KEY_NAMES.filter((name) => name !== 'ledger');

export const isKeyName = (name: string): name is KeyName => KEY_NAMES.some((key) => key === name);
