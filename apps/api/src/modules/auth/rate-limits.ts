import type { RateBucket, RateLimiter, RateRule } from '../../platform/rate-limit/limiter';

const MINUTES = 60;

/**
 * The limits of the identity calls (docs/decisions/014 explains the numbers). Failures are counted
 * tightly per account at one address and loosely per account, in short windows, so an attacker
 * cannot lock a user out for long, nor at all from the user's own address.
 */
export const RULES = {
  loginAccountAddress: { name: 'login:account+address', limit: 5, windowSeconds: 15 * MINUTES },
  loginAccount: { name: 'login:account', limit: 30, windowSeconds: 15 * MINUTES },
  loginAddress: { name: 'login:address', limit: 100, windowSeconds: 15 * MINUTES },
  /** Not a limit: an address where the account's password was given right, remembered for 90 days. */
  loginKnownAddress: { name: 'login:known-address', limit: 1, windowSeconds: 90 * 24 * 60 * MINUTES },
  twoFactorAccountAddress: { name: '2fa:account+address', limit: 5, windowSeconds: 15 * MINUTES },
  twoFactorAccount: { name: '2fa:account', limit: 20, windowSeconds: 15 * MINUTES },
  /** Not a limit: an address where the account passed its second factor, remembered for 90 days. */
  twoFactorKnownAddress: { name: '2fa:known-address', limit: 1, windowSeconds: 90 * 24 * 60 * MINUTES },
  /** Activation and reset links: a wrong token counts against the address; a valid one is never refused. */
  tokenAddress: { name: 'token:address', limit: 20, windowSeconds: 15 * MINUTES },
  /**
   * Calls that send mail count every request: per address (429 past it), and per email so no inbox
   * is flooded (past it, the call answers the same and sends nothing: decision 111). The per-address
   * limits are settings, 100 an hour by default: REGISTRATIONS_PER_ADDRESS for registration,
   * LINK_REQUESTS_PER_ADDRESS for forgot-password and resend (each counted apart), so a few dozen
   * made-up calls from a shared address (a reception centre's, a university's NAT) do not keep its
   * users out. `limit` here is only the default each setting overrides.
   */
  mailAccount: { name: 'mail:account', limit: 3, windowSeconds: 60 * MINUTES },
  mailAddress: { name: 'mail:address', limit: 100, windowSeconds: 60 * MINUTES },
} as const satisfies Record<string, RateRule>;

/** Failures counted where the attacker is: this account at this address. */
export const loginAccountAddressBucket = (email: string, address: string): RateBucket => ({
  rule: RULES.loginAccountAddress,
  subject: `${email}|${address}`,
});

/** Failures at this address for any account: it stops only accounts that do not know the address. */
export const loginAddressBucket = (address: string): RateBucket => ({
  rule: RULES.loginAddress,
  subject: address,
});

/** Failures counted for the account from everywhere: it stops only addresses it does not know. */
export const loginAccountBucket = (email: string): RateBucket => ({
  rule: RULES.loginAccount,
  subject: email,
});

/** Every counter a failed login adds to. */
export const loginBuckets = (email: string, address: string): RateBucket[] => [
  loginAccountAddressBucket(email, address),
  loginAddressBucket(address),
  loginAccountBucket(email),
];

/** The pair counter a successful login clears; the looser ones run out on their own. */
export const loginSuccessBuckets = (email: string, address: string): RateBucket[] => [
  { rule: RULES.loginAccountAddress, subject: `${email}|${address}` },
];

/** Marked by a correct password at an address: the account knows it for 90 days (decision 047). */
export const knownAddressBucket = (email: string, address: string): RateBucket => ({
  rule: RULES.loginKnownAddress,
  subject: `${email}|${address}`,
});

export const twoFactorBuckets = (userId: number, address: string): RateBucket[] => [
  { rule: RULES.twoFactorAccountAddress, subject: `${userId}|${address}` },
  { rule: RULES.twoFactorAccount, subject: String(userId) },
];

/** Marked by a correct second factor at an address: the account knows it for 90 days (decision 084). */
export const twoFactorKnownAddressBucket = (userId: number, address: string): RateBucket => ({
  rule: RULES.twoFactorKnownAddress,
  subject: `${userId}|${address}`,
});

export const tokenBuckets = (address: string): RateBucket[] => [
  { rule: RULES.tokenAddress, subject: address },
];

type MailCall = 'register' | 'forgot' | 'resend';

/**
 * A mail-sending call: which, for which email, from which address, and the address's limit an hour
 * (the call's setting: REGISTRATIONS_PER_ADDRESS or LINK_REQUESTS_PER_ADDRESS).
 */
export type MailCallCount = { call: MailCall; email: string; address: string; addressLimit: number };

/**
 * The caller's address, per call (so registering does not use up the quota of a password reset):
 * past it, the call answers 429.
 */
const mailAddressBuckets = ({ call, address, addressLimit }: MailCallCount): RateBucket[] => [
  {
    rule: {
      ...RULES.mailAddress,
      name: `${RULES.mailAddress.name}:${call}`,
      limit: addressLimit,
    },
    subject: address,
  },
];

/**
 * The email, per call: past it, no more mail goes to that inbox within the hour, but the call
 * answers as always (decision 111), so whoever used the email's quota never locks its owner out.
 */
const mailAccountBuckets = (call: MailCall, email: string): RateBucket[] => [
  { rule: { ...RULES.mailAccount, name: `${RULES.mailAccount.name}:${call}` }, subject: email },
];

/**
 * Counts a mail-sending call: 429 past the address's limit; otherwise whether the email's limit
 * still lets a mail go (false: the call goes on without sending one).
 */
export async function countMailCall(limiter: RateLimiter, count: MailCallCount): Promise<boolean> {
  await limiter.consume(mailAddressBuckets(count));
  return limiter.take(mailAccountBuckets(count.call, count.email));
}
