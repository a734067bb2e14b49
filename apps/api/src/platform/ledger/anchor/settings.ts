import { z } from 'zod';

/**
 * Anchoring's settings (decision 065), read with the rest of the configuration (`config.ts`
 * spreads `ANCHOR_ENV` into its schema and calls `anchorSettingsFrom`). Without ANCHOR_RPC_URL the
 * portal anchors nothing and says that its record is on its own ledger only.
 */
export type AnchorSettings = {
  readonly rpcUrl: string;
  readonly chainId: number;
  /** How people name the chain (`Ethereum Sepolia`); null: its id alone. */
  readonly chainName: string | null;
  /** The sending account's secp256k1 key; a function, so no log or JSON of the config can hold it. */
  readonly privateKey: () => `0x${string}`;
  /** A batch is anchored as soon as this many entries wait… */
  readonly batchSize: number;
  /** …or once the oldest waiting entry is this old. */
  readonly intervalMinutes: number;
  /** Blocks, counting the one that holds the transaction, before an anchor is final. */
  readonly confirmations: number;
  /** A block explorer's address of a transaction, with `{txHash}` in it; null: no link. */
  readonly explorerTxUrl: string | null;
};

export const ANCHOR_DEFAULTS = { batchSize: 100, intervalMinutes: 60, confirmations: 12 } as const;
/** The most entries one transaction anchors; more wait for the next (a bound on one database transaction). */
export const MAX_BATCH_ENTRIES = 65_536;

const count = (name: string, max: number) => {
  const message = `${name} must be a whole number between 1 and ${max}`;
  return z
    .string()
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((value) => value >= 1 && value <= max, message)
    .optional();
};

const PRIVATE_KEY = /^(0x)?[0-9a-fA-F]{64}$/;
const PRIVATE_KEY_MESSAGE = 'must be a secp256k1 private key: 64 hexadecimal digits, with or without 0x';

/** The variables, spread into the configuration's schema. */
export const ANCHOR_ENV = {
  ANCHOR_RPC_URL: z
    .url({ protocol: /^https?$/, error: 'ANCHOR_RPC_URL must be an http:// or https:// URL' })
    .optional(),
  ANCHOR_CHAIN_ID: count('ANCHOR_CHAIN_ID', Number.MAX_SAFE_INTEGER),
  ANCHOR_CHAIN_NAME: z
    .string()
    .trim()
    .min(1)
    .max(60, 'ANCHOR_CHAIN_NAME must be at most 60 characters long')
    .optional(),
  ANCHOR_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(PRIVATE_KEY, `ANCHOR_PRIVATE_KEY ${PRIVATE_KEY_MESSAGE}`)
    .optional(),
  ANCHOR_PRIVATE_KEY_FILE: z.string().trim().min(1).optional(),
  ANCHOR_BATCH_SIZE: count('ANCHOR_BATCH_SIZE', MAX_BATCH_ENTRIES),
  ANCHOR_INTERVAL_MINUTES: count('ANCHOR_INTERVAL_MINUTES', 10_080),
  ANCHOR_CONFIRMATIONS: count('ANCHOR_CONFIRMATIONS', 1000),
  ANCHOR_EXPLORER_TX_URL: z
    .url({ protocol: /^https?$/, error: 'ANCHOR_EXPLORER_TX_URL must be an http:// or https:// URL' })
    .refine(
      (url) => url.includes('{txHash}'),
      'ANCHOR_EXPLORER_TX_URL must hold {txHash} where the hash goes',
    )
    .optional(),
};

type AnchorValues = { [Name in keyof typeof ANCHOR_ENV]?: z.infer<(typeof ANCHOR_ENV)[Name]> };

/**
 * The settings, null when ANCHOR_RPC_URL is unset, or a message naming the variable that is wrong.
 * `readKeyFile` reads ANCHOR_PRIVATE_KEY_FILE (a mounted secret); the key is never part of a message.
 */
export function anchorSettingsFrom(
  values: AnchorValues,
  readKeyFile: (path: string) => string | undefined,
): { settings: AnchorSettings | null } | { error: string } {
  const { ANCHOR_RPC_URL: rpcUrl, ANCHOR_CHAIN_ID: chainId } = values;
  if (!rpcUrl) {
    const stray = (Object.keys(ANCHOR_ENV) as (keyof AnchorValues)[]).find(
      (name) => values[name] !== undefined,
    );
    return stray ? { error: `ANCHOR_RPC_URL must be set for ${stray} to mean anything` } : { settings: null };
  }
  if (chainId === undefined) return { error: 'ANCHOR_CHAIN_ID must be set with ANCHOR_RPC_URL' };
  if (values.ANCHOR_PRIVATE_KEY && values.ANCHOR_PRIVATE_KEY_FILE) {
    return { error: 'set ANCHOR_PRIVATE_KEY or ANCHOR_PRIVATE_KEY_FILE, not both' };
  }
  const key =
    values.ANCHOR_PRIVATE_KEY ??
    (values.ANCHOR_PRIVATE_KEY_FILE ? readKeyFile(values.ANCHOR_PRIVATE_KEY_FILE)?.trim() : undefined);
  if (key === undefined) {
    return { error: 'ANCHOR_PRIVATE_KEY or ANCHOR_PRIVATE_KEY_FILE must be set with ANCHOR_RPC_URL' };
  }
  if (!PRIVATE_KEY.test(key)) return { error: `ANCHOR_PRIVATE_KEY_FILE ${PRIVATE_KEY_MESSAGE}` };
  const privateKey = `0x${key.replace(/^0x/, '').toLowerCase()}` as const;
  return {
    settings: Object.freeze({
      rpcUrl,
      chainId,
      chainName: values.ANCHOR_CHAIN_NAME ?? null,
      privateKey: () => privateKey,
      batchSize: values.ANCHOR_BATCH_SIZE ?? ANCHOR_DEFAULTS.batchSize,
      intervalMinutes: values.ANCHOR_INTERVAL_MINUTES ?? ANCHOR_DEFAULTS.intervalMinutes,
      confirmations: values.ANCHOR_CONFIRMATIONS ?? ANCHOR_DEFAULTS.confirmations,
      explorerTxUrl: values.ANCHOR_EXPLORER_TX_URL ?? null,
    }),
  };
}
