import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import {
  DEFAULT_AT_RISK_WORKING_DAYS,
  isInvalidOpeningHours,
  PAYMENT_PROVIDERS,
  UPLOAD_LIMIT_DEFAULTS,
} from '@lisbon/domain';
import { parse as parseConnectionString } from 'pg-connection-string';
import { z } from 'zod';
import { socketTlsRefusal } from './db/errors';
import { ANCHOR_ENV, anchorSettingsFrom, type AnchorSettings } from './ledger/anchor/settings';
import { REPO_ROOT } from './repo-root';

// The repository root (or the release's install root): platform/repo-root.ts.
export { REPO_ROOT };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** The verifier's response modes (OpenID4VP 1.0 §8.2, §8.3), the first the default. */
export const WALLET_RESPONSE_MODES = ['direct_post', 'direct_post.jwt'] as const;
export type WalletResponseMode = (typeof WALLET_RESPONSE_MODES)[number];
/**
 * WALLET_RESPONSE_MODE asking for both modes at once (`direct_post,direct_post.jwt`, the two with a
 * space, `both`): not supported, each request asks a wallet for one mode (decision 088), and said so
 * rather than called a wrong mode.
 */
const asksBothModes = (value: unknown): boolean =>
  typeof value === 'string' &&
  (/^\s*both\s*$/i.test(value) ||
    WALLET_RESPONSE_MODES.every((mode) => value.split(/[\s,;|+]+/).includes(mode)));

export type DatabaseConfig =
  | { readonly dialect: 'sqlite'; readonly path: string }
  | { readonly dialect: 'postgres'; readonly url: string };

export type TrustProxy = false | number | readonly string[];

export type Config = {
  readonly port: number;
  readonly host: string;
  readonly publicUrl: string;
  readonly database: DatabaseConfig;
  readonly dataDir: string;
  readonly webDistDir: string;
  readonly logLevel: (typeof LOG_LEVELS)[number];
  /** MAINTENANCE_MODE is `true`: every API call answers 503, whatever the administrators' switch says. */
  readonly isMaintenanceMode: boolean;
  /** MAINTENANCE_MODE as set (`true`/`false`); null when unset: the administrators' switch decides. */
  readonly maintenanceModeSetting: boolean | null;
  /**
   * TEST_CLOCK is `true`: the server's time is the real time moved by the offset `clock:set` writes
   * into DATA_DIR (journeys, demos; decision 056). Refused with NODE_ENV=production.
   */
  readonly isTestClock: boolean;
  /**
   * The `demo:*` commands may write here: never with NODE_ENV=production; on PostgreSQL only with
   * ALLOW_DEMO_DATA=true (decision 084). The reason they may not, otherwise null.
   */
  readonly demoDataRefusal: string | null;
  /** NODE_ENV=production: DATABASE_URL and PUBLIC_URL must be set, and what is missing is said aloud. */
  readonly isProduction: boolean;
  /** The OpenAPI description and swagger-ui at /api/docs (API_DOCS): served unless production says nothing. */
  readonly isApiDocsServed: boolean;
  readonly trustProxy: TrustProxy;
  /** The shared Redis of a deployment: the global rate limit counts across instances there. */
  readonly redisUrl: string | null;
  /** The global floor against floods: API calls per minute and client address. */
  readonly rateLimitPerMinute: number;
  /** How long a refused call (429) waits before its answer: a client looping on refusals slows down. */
  readonly rateLimitRefusalDelayMs: number;
  /** Wallet check requests (`POST /wallet/presentations`) per client address in 10 minutes. */
  readonly walletRequestsPerAddress: number;
  /**
   * How the verifier asks wallets to answer (OpenID4VP 1.0 §8.2, §8.3): a form (`direct_post`), or
   * a form holding one JWE encrypted to a key of the request (`direct_post.jwt`, HAIP 1.0).
   */
  readonly walletResponseMode: WalletResponseMode;
  /** PDF checks (`POST /verify`, `POST /verify/{id}`) per client address in 10 minutes. */
  readonly verifyChecksPerAddress: number;
  /** Registrations (`POST /auth/register`) per client address in an hour; 429 past it. */
  readonly registrationsPerAddress: number;
  /**
   * Requests for a new link per client address in an hour, each call counted apart: password resets
   * (`POST /auth/forgot-password`) and activation links (`POST /auth/activation/resend`); 429 past it.
   */
  readonly linkRequestsPerAddress: number;
  /** The bearer token that opens `GET /metrics` (METRICS_TOKEN); null: metrics closed (404). */
  readonly metricsToken: string | null;
  /** A name for this instance (INSTANCE_ID), sent as `x-lisbon-instance` on every answer; null: none. */
  readonly instanceId: string | null;
  /** How long a claimed job stays a worker's without a heartbeat (a killed instance's is taken over after it). */
  readonly jobLeaseSeconds: number;
  /** The overall deadline of a graceful stop: past it the process exits anyway. */
  readonly shutdownTimeoutSeconds: number;
  /** Outgoing mail: SMTP when set, otherwise `.eml` files under `DATA_DIR/mail/`. */
  readonly smtpUrl: string | null;
  readonly mailFrom: string;
  readonly sessionTtlMinutes: number;
  /** Absolute lifetime of a session from its login, however active it stays. */
  readonly sessionMaxHours: number;
  readonly activationTokenTtlHours: number;
  readonly resetTokenTtlMinutes: number;
  /** Service prices in euro cents, VAT included (demo values unless set). */
  readonly prices: ServicePrices;
  /** True while any price is still its demo default: the portal says so. */
  readonly arePricesDemo: boolean;
  /** Contingency limit (spec §8): submissions accepted per calendar day of the body. */
  readonly dailySubmissionCap: number;
  readonly uploadMaxBytes: number;
  /** All of one applicant's documents together may take this much (decision 058). */
  readonly uploadQuotaBytes: number;
  /** Documents of one applicant that belong to no request, at most. */
  readonly unattachedDocumentsMax: number;
  /** A document that belongs to no request is deleted this long after its upload. */
  readonly unattachedDocumentTtlHours: number;
  /** What a PDF's compressed streams may expand to, all together, before it is refused. */
  readonly pdfMaxInflatedBytes: number;
  /** The body's own local holidays, besides the national ones (29 June in Rome). */
  readonly localHolidays: readonly { month: number; day: number }[];
  /** Open requests with this many working days left or fewer are at risk (decision 070). */
  readonly deadlineAtRiskDays: number;
  /** From this hour of a working day (the body's time), staff are mailed their requests late or at risk. */
  readonly deadlineDigestHour: number;
  /** The payment provider port's adapter (decision 067); `sandbox` is served by the portal itself. */
  readonly paymentProvider: (typeof PAYMENT_PROVIDERS)[number];
  /**
   * The webhook secret: the sandbox's HMAC secret (null: generated into `DATA_DIR/keys/` on first
   * start), or Stripe's endpoint signing secret (`whsec_…`, required); Nexi signs nothing.
   */
  readonly paymentWebhookSecret: string | null;
  /** The provider's API key: Stripe's secret key, Nexi's X-Api-Key; null with the sandbox. */
  readonly paymentApiKey: string | null;
  /** The provider's API base address (its public one unless set: a test mode, a contract server); null with the sandbox. */
  readonly paymentApiUrl: string | null;
  /** AES-256 key (64 hex digits) that seals TOTP secrets at rest; null: generated into `DATA_DIR/keys/` on first start. */
  readonly totpSecretKey: string | null;
  readonly paymentSessionTtlMinutes: number;
  /** The body that issues invoices and receipts (demo values unless set). */
  readonly body: BodyDetails;
  /** True while any of the body's details is still its demo default: the PDFs say so. */
  readonly areBodyDetailsDemo: boolean;
  /** Where applicants reach the body (the contact page, and mails that say "contact us"). */
  readonly contact: ContactDetails;
  /** True while any contact detail is still its demo default: the contact page says so. */
  readonly areContactDetailsDemo: boolean;
  /** The body's statement-signing key and certificate; null: generated into `DATA_DIR/keys/` on first start. */
  readonly signingP12: { readonly path: string; readonly passphrase: string } | null;
  /** Files in an S3-compatible object store when S3_BUCKET is set; otherwise on disk under DATA_DIR/files. */
  readonly s3: S3Settings | null;
  /** The ledger's Ed25519 private key (PEM file); null: LEDGER_KEY, or generated into `DATA_DIR/keys/` on first start. */
  readonly ledgerKeyPath: string | null;
  /** The same key given as the PEM text itself (LEDGER_KEY), for platforms that inject secrets as variables. */
  readonly ledgerKeyPem: string | null;
  /** Anchoring the ledger on an Ethereum-compatible chain (decision 065); null: the ledger only. */
  readonly anchor: AnchorSettings | null;
  /** The wallet credentials' ES256 issuer key (PKCS#8 PEM file); null: generated into `DATA_DIR/keys/` (decision 088). */
  readonly walletIssuerKeyPath: string | null;
  /** How long a credential offer can be redeemed, in minutes (decision 088). */
  readonly walletOfferTtlMinutes: number;
};

/** An S3-compatible object store for every file the portal keeps (decision 040). */
export type S3Settings = {
  readonly bucket: string;
  readonly region: string;
  /** Another store than AWS (MinIO, Ceph, a provider's endpoint); null: AWS S3 itself. */
  readonly endpoint: string | null;
  readonly forcePathStyle: boolean;
  /** Null: the AWS SDK's own chain (instance role, AWS_* variables, web identity). */
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string } | null;
};

export type BodyDetails = { readonly name: string; readonly address: string; readonly vatNumber: string };

export type ContactDetails = {
  readonly address: string;
  readonly email: string;
  /** Null: no telephone line is offered. */
  readonly phone: string | null;
  readonly hours: string;
};

/** The providers' own API addresses, unless PAYMENT_API_URL says otherwise (docs/payments.md). */
export const PAYMENT_API_URLS = {
  stripe: 'https://api.stripe.com',
  nexi: 'https://xpay.nexigroup.com/api/phoenix-0.0/psp/api/v1',
} as const;

/** Demo details of the issuing body, clearly marked as such until an operator sets real ones. */
export const DEMO_BODY: Record<string, string> = {
  BODY_NAME: 'Demo Evaluation Centre (DEMO)',
  BODY_ADDRESS: 'Via dell’Esempio 1, 00100 Roma RM, Italia (DEMO)',
  BODY_VAT_NUMBER: '12345678903',
};

export type ServicePrices = {
  readonly correspondenceVerification: number;
  readonly comparabilityVerification: number;
  readonly comparability: number;
  readonly urgentSupplement: number;
};

/** Demo prices, clearly marked as such by `arePricesDemo` until an operator sets real ones. */
export const DEMO_PRICES: Record<string, string> = {
  PRICE_CORRESPONDENCE_VERIFICATION_CENTS: '15000',
  PRICE_COMPARABILITY_VERIFICATION_CENTS: '20000',
  PRICE_COMPARABILITY_CENTS: '10000',
  PRICE_URGENT_SUPPLEMENT_CENTS: '10000',
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const fromRepo = (path: string) => (isAbsolute(path) ? path : resolve(REPO_ROOT, path));

const booleanFlag = (name: string) =>
  z
    .string()
    .toLowerCase()
    .refine((value) => ['true', 'false', '1', '0'].includes(value), `${name} must be true, false, 1 or 0`)
    .transform((value) => value === 'true' || value === '1');

/**
 * A value still holding the shipped example's placeholder (`CHANGE-ME`): the example is public, so
 * a token or password copied from it opens the door to anyone, or starts and then fails.
 */
const isExamplePlaceholder = (value: string) => /change-?me/i.test(value);

/**
 * The variables the shipped example gives the placeholder, with what each needs instead: an
 * example copied unchanged is refused in one sentence naming them all ("DATABASE_URL, SMTP_URL and
 * METRICS_TOKEN still hold…"), not one sentence a variable; in the example's order.
 */
const PLACEHOLDER_FIXES = {
  DATABASE_URL: 'the database role’s own password',
  S3_ACCESS_KEY_ID: 'the object store’s own key',
  S3_SECRET_ACCESS_KEY: 'the object store’s own secret',
  SMTP_URL: 'the relay’s own password',
  METRICS_TOKEN: 'a random token',
} as const;

/** A refinement of a variable of `PLACEHOLDER_FIXES`, its issue marked so `loadConfig` groups them. */
const notPlaceholder = (value: string) => !isExamplePlaceholder(value);
const PLACEHOLDER_ISSUE = { params: { isPlaceholder: true } } as const;

/** Names or phrases as an English list: "A", "A and B", "A, B and C". */
export function inWords(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** One sentence for every variable still holding the example's placeholder, its verb agreeing. */
function placeholderRefusal(names: readonly (keyof typeof PLACEHOLDER_FIXES)[]): string {
  const verb = names.length === 1 ? 'still holds' : 'still hold';
  return `${inWords(names)} ${verb} the example’s placeholder (CHANGE-ME): set ${inWords(names.map((name) => PLACEHOLDER_FIXES[name]))}`;
}

/** Why demo data may not be written to this deployment, or null when it may. */
function demoDataRefusal(
  isProduction: boolean,
  dialect: DatabaseConfig['dialect'],
  isAllowed: boolean,
): string | null {
  if (isProduction)
    return 'Demo data is refused with NODE_ENV=production: demo accounts have published passwords.';
  if (dialect === 'postgres' && !isAllowed)
    return 'Demo data is refused on PostgreSQL, the production database, unless ALLOW_DEMO_DATA=true: demo accounts have published passwords.';
  return null;
}

/** A duration in milliseconds from 0 (none) to `max`. */
const milliseconds = (name: string, max: number) => {
  const message = `${name} must be a whole number of milliseconds between 0 and ${max}`;
  return z
    .string()
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((value) => value <= max, message);
};

const wholeNumber = (name: string, max: number) => {
  const message = `${name} must be a whole number between 1 and ${max}`;
  return z
    .string()
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((value) => value >= 1 && value <= max, message);
};

const price = (name: string) => wholeNumber(name, 10_000_000).prefault(DEMO_PRICES[name] ?? '0');

/** Demo contact details, marked as such on the contact page until an operator sets real ones. */
export const DEMO_CONTACT: Record<string, string> = {
  CONTACT_ADDRESS: 'Via dell’Esempio 1, 00100 Roma RM, Italia (DEMO)',
  CONTACT_EMAIL: 'contact@example.org',
  CONTACT_HOURS: 'Mon–Fri 09:00–13:00 (Europe/Rome)',
};

const contactDetail = (name: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${name} must not be empty`)
    .max(max, `${name} must be at most ${max} characters long`)
    .prefault(DEMO_CONTACT[name] ?? '');

const isRealDay = (monthDay: string) => {
  const date = new Date(`2024-${monthDay}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(5, 10) === monthDay;
};

const bodyDetail = (name: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${name} must not be empty`)
    .max(max, `${name} must be at most ${max} characters long`)
    .prefault(DEMO_BODY[name] ?? '');

/** `MM-DD` days, comma-separated; each must exist in a leap year. */
const monthDays = z
  .string()
  .trim()
  .transform((value) => (value === '' ? [] : value.split(',').map((day) => day.trim())))
  .refine(
    (days) => days.every((day) => /^\d{2}-\d{2}$/.test(day) && isRealDay(day)),
    'LOCAL_HOLIDAYS must be a comma-separated list of MM-DD days',
  )
  .transform((days) => days.map((day) => ({ month: Number(day.slice(0, 2)), day: Number(day.slice(3)) })));

/** `address@host` or `Name <address@host>`. */
const MAIL_FROM_PATTERN = /^(?:[^<>@\r\n]+<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/;

const envSchema = z.object({
  PORT: z
    .string()
    .regex(/^\d+$/, 'PORT must be an integer between 0 and 65535')
    .transform(Number)
    .refine((port) => port <= 65_535, 'PORT must be an integer between 0 and 65535')
    .prefault('3000'),
  HOST: z.string().trim().min(1, 'HOST must not be empty').default('0.0.0.0'),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    // The wallet's issuer metadata, keys and authorization server are found at /.well-known/ on the
    // host, before the issuer's path (OpenID4VCI 1.0 §12.2.2, RFC 8414 §3), which the portal serves
    // at the root only; the web app has no path prefix either.
    .refine(
      (url) => new URL(url).pathname === '/',
      'PUBLIC_URL must be the portal’s root address, scheme and host (and port) without a path, as https://portal.example.org: wallets look for its issuer metadata at the host’s /.well-known/, which the portal serves at the root only',
    )
    .optional(),
  DATABASE_URL: z
    .string()
    // The example's placeholder password is public: a role given it opens the database to anyone.
    .refine(notPlaceholder, PLACEHOLDER_ISSUE)
    .optional(),
  DATA_DIR: z.string().transform(fromRepo).prefault('data'),
  WEB_DIST_DIR: z.string().transform(fromRepo).prefault('apps/web/dist'),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  MAINTENANCE_MODE: booleanFlag('MAINTENANCE_MODE').optional(),
  TEST_CLOCK: booleanFlag('TEST_CLOCK').optional(),
  ALLOW_DEMO_DATA: booleanFlag('ALLOW_DEMO_DATA').optional(),
  API_DOCS: booleanFlag('API_DOCS').optional(),
  NODE_ENV: z.string().optional(),
  TRUST_PROXY: z.string().default('false'),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// or rediss:// URL' })
    .optional(),
  RATE_LIMIT_PER_MINUTE: wholeNumber('RATE_LIMIT_PER_MINUTE', 1_000_000).prefault('300'),
  RATE_LIMIT_REFUSAL_DELAY_MS: milliseconds('RATE_LIMIT_REFUSAL_DELAY_MS', 10_000).prefault('1000'),
  WALLET_REQUESTS_PER_ADDRESS: wholeNumber('WALLET_REQUESTS_PER_ADDRESS', 100_000).prefault('30'),
  WALLET_RESPONSE_MODE: z
    .enum(WALLET_RESPONSE_MODES, {
      error: (issue) =>
        asksBothModes(issue.input)
          ? `WALLET_RESPONSE_MODE takes one mode, ${WALLET_RESPONSE_MODES.join(' or ')}: both at once is not supported (each request asks a wallet for one mode; docs/wallet.md)`
          : `WALLET_RESPONSE_MODE must be one of ${WALLET_RESPONSE_MODES.join(', ')}`,
    })
    .default('direct_post'),
  VERIFY_CHECKS_PER_ADDRESS: wholeNumber('VERIFY_CHECKS_PER_ADDRESS', 100_000).prefault('30'),
  REGISTRATIONS_PER_ADDRESS: wholeNumber('REGISTRATIONS_PER_ADDRESS', 100_000).prefault('100'),
  LINK_REQUESTS_PER_ADDRESS: wholeNumber('LINK_REQUESTS_PER_ADDRESS', 100_000).prefault('100'),
  METRICS_TOKEN: z
    .string()
    .min(32, 'METRICS_TOKEN must be at least 32 characters long')
    // The shipped example's placeholder is public: a token copied from it opens /metrics to anyone.
    .refine(notPlaceholder, PLACEHOLDER_ISSUE)
    .optional(),
  INSTANCE_ID: z
    .string()
    .trim()
    .regex(
      /^[A-Za-z0-9._-]{1,64}$/,
      'INSTANCE_ID must be 1 to 64 letters, digits, dots, hyphens or underscores',
    )
    .optional(),
  JOB_LEASE_SECONDS: wholeNumber('JOB_LEASE_SECONDS', 3600).prefault('30'),
  SHUTDOWN_TIMEOUT_SECONDS: wholeNumber('SHUTDOWN_TIMEOUT_SECONDS', 600).prefault('25'),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' })
    // The example's placeholder password starts, then every mail fails at the relay.
    .refine(notPlaceholder, PLACEHOLDER_ISSUE)
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(MAIL_FROM_PATTERN, 'MAIL_FROM must be an address or "Name <address>"')
    .default('Lisbon <no-reply@localhost>'),
  SESSION_TTL_MINUTES: wholeNumber('SESSION_TTL_MINUTES', 43_200).prefault('60'),
  SESSION_MAX_HOURS: wholeNumber('SESSION_MAX_HOURS', 720).prefault('12'),
  ACTIVATION_TOKEN_TTL_HOURS: wholeNumber('ACTIVATION_TOKEN_TTL_HOURS', 720).prefault('72'),
  RESET_TOKEN_TTL_MINUTES: wholeNumber('RESET_TOKEN_TTL_MINUTES', 1440).prefault('60'),
  PRICE_CORRESPONDENCE_VERIFICATION_CENTS: price('PRICE_CORRESPONDENCE_VERIFICATION_CENTS'),
  PRICE_COMPARABILITY_VERIFICATION_CENTS: price('PRICE_COMPARABILITY_VERIFICATION_CENTS'),
  PRICE_COMPARABILITY_CENTS: price('PRICE_COMPARABILITY_CENTS'),
  PRICE_URGENT_SUPPLEMENT_CENTS: price('PRICE_URGENT_SUPPLEMENT_CENTS'),
  DAILY_SUBMISSION_CAP: wholeNumber('DAILY_SUBMISSION_CAP', 1_000_000).prefault('500'),
  UPLOAD_MAX_BYTES: wholeNumber('UPLOAD_MAX_BYTES', 1_073_741_824).prefault(String(20 * 1024 * 1024)),
  UPLOAD_QUOTA_BYTES: wholeNumber('UPLOAD_QUOTA_BYTES', 1_099_511_627_776).prefault(
    String(UPLOAD_LIMIT_DEFAULTS.storageQuotaBytes),
  ),
  UPLOAD_UNATTACHED_MAX: wholeNumber('UPLOAD_UNATTACHED_MAX', 10_000).prefault(
    String(UPLOAD_LIMIT_DEFAULTS.unattachedDocumentsMax),
  ),
  UPLOAD_UNATTACHED_TTL_HOURS: wholeNumber('UPLOAD_UNATTACHED_TTL_HOURS', 8760).prefault(
    String(UPLOAD_LIMIT_DEFAULTS.unattachedDocumentTtlHours),
  ),
  UPLOAD_PDF_MAX_INFLATED_BYTES: wholeNumber('UPLOAD_PDF_MAX_INFLATED_BYTES', 17_179_869_184).prefault(
    String(UPLOAD_LIMIT_DEFAULTS.pdfMaxInflatedBytes),
  ),
  LOCAL_HOLIDAYS: monthDays.prefault('06-29'),
  DEADLINE_AT_RISK_DAYS: wholeNumber('DEADLINE_AT_RISK_DAYS', 60).prefault(
    String(DEFAULT_AT_RISK_WORKING_DAYS),
  ),
  DEADLINE_DIGEST_HOUR: z
    .string()
    .regex(/^\d{1,2}$/, 'DEADLINE_DIGEST_HOUR must be an hour from 0 to 23')
    .transform(Number)
    .refine((hour) => hour <= 23, 'DEADLINE_DIGEST_HOUR must be an hour from 0 to 23')
    .prefault('7'),
  PAYMENT_PROVIDER: z
    .enum(PAYMENT_PROVIDERS, { error: `PAYMENT_PROVIDER must be one of ${PAYMENT_PROVIDERS.join(', ')}` })
    .default('sandbox'),
  PAYMENT_WEBHOOK_SECRET: z
    .string()
    .min(32, 'PAYMENT_WEBHOOK_SECRET must be at least 32 characters long')
    .optional(),
  PAYMENT_WEBHOOK_SECRET_FILE: z.string().trim().min(1).transform(fromRepo).optional(),
  PAYMENT_API_KEY: z.string().trim().min(1).optional(),
  PAYMENT_API_KEY_FILE: z.string().trim().min(1).transform(fromRepo).optional(),
  PAYMENT_API_URL: z
    .url({ protocol: /^https?$/, error: 'PAYMENT_API_URL must be an http:// or https:// URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  TOTP_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{64}$/i, 'TOTP_SECRET_KEY must be 64 hexadecimal digits (32 bytes)')
    .optional(),
  TOTP_SECRET_KEY_FILE: z.string().trim().min(1).transform(fromRepo).optional(),
  PAYMENT_SESSION_TTL_MINUTES: wholeNumber('PAYMENT_SESSION_TTL_MINUTES', 1440).prefault('30'),
  BODY_NAME: bodyDetail('BODY_NAME', 200),
  BODY_ADDRESS: bodyDetail('BODY_ADDRESS', 300),
  BODY_VAT_NUMBER: bodyDetail('BODY_VAT_NUMBER', 20),
  CONTACT_ADDRESS: contactDetail('CONTACT_ADDRESS', 300),
  CONTACT_EMAIL: z
    .email({ error: 'CONTACT_EMAIL must be an email address' })
    .max(254)
    .prefault(DEMO_CONTACT.CONTACT_EMAIL ?? ''),
  CONTACT_PHONE: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,30}$/, 'CONTACT_PHONE must be a telephone number such as +39 06 1234 5678')
    .optional(),
  // Hours written `Mon–Fri 09:00–13:00 (Europe/Rome)` (or with hyphens) are shown in the reader's
  // language, and impossible ones are refused; other text is shown as written.
  CONTACT_HOURS: contactDetail('CONTACT_HOURS', 200).refine(
    (value) => !isInvalidOpeningHours(value),
    'CONTACT_HOURS has impossible hours: write them like "Mon–Fri 09:00–13:00 (Europe/Rome)", the closing after the opening',
  ),
  SIGNING_P12_PATH: z.string().trim().min(1).transform(fromRepo).optional(),
  SIGNING_P12_PASSPHRASE: z.string().optional(),
  SIGNING_P12_PASSPHRASE_FILE: z.string().trim().min(1).transform(fromRepo).optional(),
  LEDGER_KEY_PATH: z.string().trim().min(1).transform(fromRepo).optional(),
  LEDGER_KEY: z.string().trim().min(1).optional(),
  WALLET_ISSUER_KEY_PATH: z.string().trim().min(1).transform(fromRepo).optional(),
  WALLET_OFFER_TTL_MINUTES: wholeNumber('WALLET_OFFER_TTL_MINUTES', 1440).prefault('15'),
  ...ANCHOR_ENV,
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'S3_BUCKET must be a bucket name (3 to 63 lowercase letters, digits, dots, hyphens)',
    )
    .optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http:// or https:// URL' })
    .optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).refine(notPlaceholder, PLACEHOLDER_ISSUE).optional(),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .min(1)
    // A store that checks no keys (a trial one) would take the public placeholder and start.
    .refine(notPlaceholder, PLACEHOLDER_ISSUE)
    .optional(),
  S3_FORCE_PATH_STYLE: booleanFlag('S3_FORCE_PATH_STYLE').default(false),
});

/**
 * What a production deployment must state rather than get by default (issue #34): the embedded
 * defaults are right for a laptop and silently wrong on a server. Without DATABASE_URL an
 * instance would keep its own SQLite file beside a shared object store, and its hourly sweep
 * would remove the files of every request it does not know; without PUBLIC_URL every link in a
 * mail, a statement's QR code and a wallet offer would name localhost.
 */
function productionRefusals(
  values: Pick<z.infer<typeof envSchema>, 'NODE_ENV' | 'DATABASE_URL' | 'PUBLIC_URL'>,
) {
  const { NODE_ENV: nodeEnv } = values;
  // NODE_ENV=Production would pass every check below unseen.
  if (nodeEnv !== undefined && nodeEnv !== 'production' && nodeEnv.trim().toLowerCase() === 'production')
    throw new ConfigError('Invalid configuration: NODE_ENV must be written production, in lower case');
  if (nodeEnv !== 'production') return;
  if (values.DATABASE_URL === undefined)
    throw new ConfigError(
      'Invalid configuration: DATABASE_URL must be set with NODE_ENV=production (postgres://…, or sqlite:<path> for one instance on its own): without it the instance would keep its data in a SQLite file of its own',
    );
  if (values.PUBLIC_URL === undefined)
    throw new ConfigError(
      'Invalid configuration: PUBLIC_URL must be set with NODE_ENV=production: the links in mails, statements and wallet offers are made from it',
    );
}

const PERCENT_ENCODING_HINT =
  ': percent-encode the special characters of its user name and password (% as %25, / as %2F, @ as %40, : as %3A, # as %23, ? as %3F), or choose a password of letters and digits (docs/deploy.md §5)';

const isDecodable = (part: string): boolean => {
  try {
    decodeURIComponent(part);
    return true;
  } catch {
    return false;
  }
};

/**
 * A URL `new URL` refuses that the driver reads: a socket's, its user before an empty host and the
 * socket's directory in `host=` (`postgres://lisbon@/lisbon?host=/run/postgresql`), as libpq takes
 * it. Read by pg-connection-string, the driver's own parser, without the TLS parameters (it would
 * read their files); any other URL it cannot read is refused as before, its text never repeated.
 */
function socketUrl(value: string): string {
  const mark = value.search(/[?#]/);
  const beforeQuery = mark === -1 ? value : value.slice(0, mark);
  // pg-connection-string percent-encodes a % that begins no encoded character, and would take it.
  if (/%(?![0-9a-f]{2})/i.test(beforeQuery))
    throw new ConfigError(
      `DATABASE_URL holds a % that begins no percent-encoded character${PERCENT_ENCODING_HINT}`,
    );
  const query = new URLSearchParams(
    mark === -1 || value[mark] === '#' ? '' : value.slice(mark + 1).split('#')[0],
  );
  for (const name of ['sslcert', 'sslkey', 'sslrootcert', 'sslmode', 'uselibpqcompat']) query.delete(name);
  let host: string | null | undefined;
  try {
    ({ host } = parseConnectionString(`${beforeQuery}?${query.toString()}`));
  } catch (error) {
    throw new ConfigError(
      error instanceof URIError
        ? `DATABASE_URL holds a % that begins no percent-encoded character${PERCENT_ENCODING_HINT}`
        : `DATABASE_URL is not a valid PostgreSQL URL${PERCENT_ENCODING_HINT}`,
    );
  }
  // An empty host the driver would read as localhost (or PGHOST), over TCP, where libpq reads its socket.
  if (!host)
    throw new ConfigError(
      beforeQuery.includes('@')
        ? 'DATABASE_URL names no host after its @: for the server on this host, name its socket’s directory, as postgresql:///lisbon?host=/var/run/postgresql (with user= and password= in the query if the role needs them), or name a host (docs/deploy.md, section 1)'
        : 'DATABASE_URL names no host, nor a socket’s directory in ?host=: the portal would reach localhost over TCP where psql and pg_dump take the socket: add ?host=/var/run/postgresql (the server’s unix_socket_directories), as postgresql:///lisbon?host=/var/run/postgresql, or name a host (docs/deploy.md, section 1)',
    );
  return value;
}

/** A socket's URL that asks for TLS, which pg can never connect with, refused in one line. */
function withoutSocketTls(value: string): string {
  const refusal = socketTlsRefusal(value);
  if (refusal) throw new ConfigError(refusal);
  return value;
}

/** `postgres://…` and `postgresql://…` pick PostgreSQL; `sqlite:<path>` or a plain path pick SQLite. */
export function parseDatabaseUrl(value: string | undefined, dataDir: string): DatabaseConfig {
  if (value === undefined) return { dialect: 'sqlite', path: join(dataDir, 'lisbon.sqlite') };
  if (/^postgres(ql)?:\/\//i.test(value)) {
    if (!/^postgres(ql)?:\/\/./i.test(value))
      throw new ConfigError(`DATABASE_URL is not a valid PostgreSQL URL${PERCENT_ENCODING_HINT}`);
    if (!URL.canParse(value)) return { dialect: 'postgres', url: withoutSocketTls(socketUrl(value)) };
    // The driver decodes the user name, the password and the database's name: a stray % would stop
    // the start with a URIError and its stack instead of this line.
    const { username, password, pathname, hostname } = new URL(value);
    if (![username, password, pathname].every(isDecodable))
      throw new ConfigError(
        `DATABASE_URL holds a % that begins no percent-encoded character${PERCENT_ENCODING_HINT}`,
      );
    // postgresql:///lisbon: no host, read by the driver as the URL's ?host= or else localhost.
    return { dialect: 'postgres', url: withoutSocketTls(hostname === '' ? socketUrl(value) : value) };
  }
  const path = value.replace(/^sqlite:(\/\/)?/i, '');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path) || path === '') {
    throw new ConfigError('DATABASE_URL must be postgres://…, postgresql://…, sqlite:<path> or a file path');
  }
  return { dialect: 'sqlite', path: path === ':memory:' ? path : fromRepo(path) };
}

/** A file a variable names (a key or a secret the operator made): its bytes, or one line naming the variable. */
export function readConfiguredFile(path: string, variable: string): Buffer {
  try {
    return readFileSync(path);
  } catch {
    throw new ConfigError(`Invalid configuration: ${variable} cannot be read (${path})`);
  }
}

/** A secret kept in a file (a mounted secret): its content without the final line break. Never logged. */
function secretFromFile(path: string | undefined, variable: string): string | undefined {
  if (path === undefined) return undefined;
  return readConfiguredFile(path, variable)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/**
 * Which proxies in front of the portal are trusted to say the client's address (X-Forwarded-For):
 * `false`, a hop count (`1`: the balancer in front), or a comma-separated list of proxy addresses
 * or CIDR ranges. `true` is refused: it would let any client name its own address and slip past
 * every per-address limit (decision 041).
 */
function parseTrustProxy(value: string): TrustProxy {
  const flag = value.trim().toLowerCase();
  if (flag === 'false' || flag === '0' || flag === '') return false;
  if (flag === 'true') {
    throw new ConfigError(
      'TRUST_PROXY=true would trust any X-Forwarded-For a client sends: give the number of proxies in front (1 behind one load balancer) or their addresses',
    );
  }
  if (/^\d+$/.test(flag)) {
    const hops = Number(flag);
    if (hops > 10)
      throw new ConfigError('TRUST_PROXY must be a hop count between 0 and 10, or proxy addresses');
    return hops;
  }
  const entries = flag.split(',').map((entry) => entry.trim());
  const isAddress = (entry: string) => {
    const [ip = '', bits, ...rest] = entry.split('/');
    return isIP(ip) !== 0 && rest.length === 0 && (bits === undefined || /^\d{1,3}$/.test(bits));
  };
  if (!entries.every(isAddress)) {
    throw new ConfigError(
      'TRUST_PROXY must be false, a hop count, or a comma-separated list of IP addresses/CIDR ranges',
    );
  }
  return Object.freeze(entries);
}

/**
 * What each provider needs (decision 067): Stripe a secret key (`sk_…` or a restricted `rk_…`) and
 * its endpoint's signing secret (`whsec_…`); Nexi its API key. The sandbox needs neither.
 */
function paymentSettings(given: {
  provider: (typeof PAYMENT_PROVIDERS)[number];
  webhookSecret: string | undefined;
  apiKey: string | undefined;
  apiUrl: string | undefined;
}): { apiKey: string | null; apiUrl: string | null } {
  switch (given.provider) {
    case 'sandbox':
      return { apiKey: null, apiUrl: null };
    case 'stripe':
      if (!given.apiKey || !/^(sk|rk)_(test|live)_\w+$/.test(given.apiKey))
        throw new ConfigError(
          'Invalid configuration: PAYMENT_PROVIDER=stripe needs PAYMENT_API_KEY, the secret key (sk_test_…, sk_live_… or rk_…)',
        );
      if (!given.webhookSecret?.startsWith('whsec_'))
        throw new ConfigError(
          'Invalid configuration: PAYMENT_PROVIDER=stripe needs PAYMENT_WEBHOOK_SECRET, the signing secret of the webhook endpoint (whsec_…)',
        );
      return { apiKey: given.apiKey, apiUrl: given.apiUrl ?? PAYMENT_API_URLS.stripe };
    case 'nexi':
      if (!given.apiKey || !/^[\w-]{8,200}$/.test(given.apiKey))
        throw new ConfigError(
          'Invalid configuration: PAYMENT_PROVIDER=nexi needs PAYMENT_API_KEY, the X-Api-Key of the XPay terminal',
        );
      return { apiKey: given.apiKey, apiUrl: given.apiUrl ?? PAYMENT_API_URLS.nexi };
  }
}

/**
 * Reads the configuration from an environment map, pure so tests can build configs.
 * Empty strings count as unset, as env files commonly leave them so.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.keys(envSchema.shape).flatMap((name) => {
      const value = env[name];
      return value === undefined || value === '' ? [] : [[name, value]];
    }),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const isPlaceholder = (issue: z.core.$ZodIssue) =>
      issue.code === 'custom' && issue.params?.isPlaceholder === true;
    const placeholders = Object.keys(PLACEHOLDER_FIXES).filter((name) =>
      parsed.error.issues.some((issue) => isPlaceholder(issue) && issue.path[0] === name),
    ) as (keyof typeof PLACEHOLDER_FIXES)[];
    const messages = parsed.error.issues
      .filter((issue) => !isPlaceholder(issue))
      .map((issue) => {
        const name = String(issue.path[0] ?? 'configuration');
        return issue.message.startsWith(name) ? issue.message : `${name} is not valid`;
      });
    if (placeholders.length > 0) messages.push(placeholderRefusal(placeholders));
    throw new ConfigError(`Invalid configuration: ${[...new Set(messages)].join('; ')}`);
  }
  const values = parsed.data;
  const webhookSecret =
    values.PAYMENT_WEBHOOK_SECRET ??
    secretFromFile(values.PAYMENT_WEBHOOK_SECRET_FILE, 'PAYMENT_WEBHOOK_SECRET_FILE');
  if (webhookSecret !== undefined && webhookSecret.length < 32)
    throw new ConfigError(
      'Invalid configuration: PAYMENT_WEBHOOK_SECRET_FILE must hold at least 32 characters',
    );
  const payment = paymentSettings({
    provider: values.PAYMENT_PROVIDER,
    webhookSecret,
    apiKey:
      values.PAYMENT_API_KEY ?? secretFromFile(values.PAYMENT_API_KEY_FILE, 'PAYMENT_API_KEY_FILE')?.trim(),
    apiUrl: values.PAYMENT_API_URL,
  });
  const totpSecretKey =
    values.TOTP_SECRET_KEY ?? secretFromFile(values.TOTP_SECRET_KEY_FILE, 'TOTP_SECRET_KEY_FILE')?.trim();
  if (totpSecretKey !== undefined && !/^[0-9a-f]{64}$/i.test(totpSecretKey))
    throw new ConfigError(
      'Invalid configuration: TOTP_SECRET_KEY_FILE must hold 64 hexadecimal digits (32 bytes)',
    );
  const passphrase =
    values.SIGNING_P12_PASSPHRASE ??
    secretFromFile(values.SIGNING_P12_PASSPHRASE_FILE, 'SIGNING_P12_PASSPHRASE_FILE');
  if ((values.SIGNING_P12_PATH === undefined) !== (passphrase === undefined)) {
    throw new ConfigError(
      'Invalid configuration: SIGNING_P12_PATH and SIGNING_P12_PASSPHRASE (or SIGNING_P12_PASSPHRASE_FILE) must be set together',
    );
  }
  if ((values.S3_ACCESS_KEY_ID === undefined) !== (values.S3_SECRET_ACCESS_KEY === undefined))
    throw new ConfigError(
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  if (!values.S3_BUCKET && (values.S3_ENDPOINT || values.S3_ACCESS_KEY_ID))
    throw new ConfigError('Invalid configuration: S3_BUCKET must be set to store files in an object store');
  if (values.LEDGER_KEY && values.LEDGER_KEY_PATH)
    throw new ConfigError('Invalid configuration: set LEDGER_KEY_PATH or LEDGER_KEY, not both');
  const isProduction = values.NODE_ENV === 'production';
  if (values.TEST_CLOCK === true && isProduction)
    throw new ConfigError(
      'Invalid configuration: TEST_CLOCK moves the server’s time for tests and demos; it is refused with NODE_ENV=production',
    );
  productionRefusals(values);
  const anchor = anchorSettingsFrom(values, (path) =>
    secretFromFile(fromRepo(path), 'ANCHOR_PRIVATE_KEY_FILE'),
  );
  if ('error' in anchor) throw new ConfigError(`Invalid configuration: ${anchor.error}`);
  try {
    const database = parseDatabaseUrl(values.DATABASE_URL, values.DATA_DIR);
    return Object.freeze({
      port: values.PORT,
      host: values.HOST,
      // Unset, it follows PORT, so a local start on another port still prints a working address.
      publicUrl: values.PUBLIC_URL ?? `http://localhost:${values.PORT}`,
      database: Object.freeze(database),
      dataDir: values.DATA_DIR,
      webDistDir: values.WEB_DIST_DIR,
      logLevel: values.LOG_LEVEL,
      isMaintenanceMode: values.MAINTENANCE_MODE === true,
      maintenanceModeSetting: values.MAINTENANCE_MODE ?? null,
      isTestClock: values.TEST_CLOCK === true,
      demoDataRefusal: demoDataRefusal(isProduction, database.dialect, values.ALLOW_DEMO_DATA === true),
      isProduction,
      isApiDocsServed: values.API_DOCS ?? !isProduction,
      trustProxy: parseTrustProxy(values.TRUST_PROXY),
      redisUrl: values.REDIS_URL ?? null,
      rateLimitPerMinute: values.RATE_LIMIT_PER_MINUTE,
      rateLimitRefusalDelayMs: values.RATE_LIMIT_REFUSAL_DELAY_MS,
      walletRequestsPerAddress: values.WALLET_REQUESTS_PER_ADDRESS,
      walletResponseMode: values.WALLET_RESPONSE_MODE,
      verifyChecksPerAddress: values.VERIFY_CHECKS_PER_ADDRESS,
      registrationsPerAddress: values.REGISTRATIONS_PER_ADDRESS,
      linkRequestsPerAddress: values.LINK_REQUESTS_PER_ADDRESS,
      instanceId: values.INSTANCE_ID ?? null,
      metricsToken: values.METRICS_TOKEN ?? null,
      jobLeaseSeconds: values.JOB_LEASE_SECONDS,
      shutdownTimeoutSeconds: values.SHUTDOWN_TIMEOUT_SECONDS,
      smtpUrl: values.SMTP_URL ?? null,
      mailFrom: values.MAIL_FROM,
      sessionTtlMinutes: values.SESSION_TTL_MINUTES,
      sessionMaxHours: values.SESSION_MAX_HOURS,
      activationTokenTtlHours: values.ACTIVATION_TOKEN_TTL_HOURS,
      resetTokenTtlMinutes: values.RESET_TOKEN_TTL_MINUTES,
      prices: Object.freeze({
        correspondenceVerification: values.PRICE_CORRESPONDENCE_VERIFICATION_CENTS,
        comparabilityVerification: values.PRICE_COMPARABILITY_VERIFICATION_CENTS,
        comparability: values.PRICE_COMPARABILITY_CENTS,
        urgentSupplement: values.PRICE_URGENT_SUPPLEMENT_CENTS,
      }),
      arePricesDemo: Object.keys(DEMO_PRICES).some((name) => present[name] === undefined),
      dailySubmissionCap: values.DAILY_SUBMISSION_CAP,
      uploadMaxBytes: values.UPLOAD_MAX_BYTES,
      uploadQuotaBytes: values.UPLOAD_QUOTA_BYTES,
      unattachedDocumentsMax: values.UPLOAD_UNATTACHED_MAX,
      unattachedDocumentTtlHours: values.UPLOAD_UNATTACHED_TTL_HOURS,
      pdfMaxInflatedBytes: values.UPLOAD_PDF_MAX_INFLATED_BYTES,
      localHolidays: Object.freeze(values.LOCAL_HOLIDAYS),
      deadlineAtRiskDays: values.DEADLINE_AT_RISK_DAYS,
      deadlineDigestHour: values.DEADLINE_DIGEST_HOUR,
      paymentProvider: values.PAYMENT_PROVIDER,
      paymentWebhookSecret: webhookSecret ?? null,
      paymentApiKey: payment.apiKey,
      paymentApiUrl: payment.apiUrl,
      totpSecretKey: totpSecretKey ?? null,
      paymentSessionTtlMinutes: values.PAYMENT_SESSION_TTL_MINUTES,
      body: Object.freeze({
        name: values.BODY_NAME,
        address: values.BODY_ADDRESS,
        vatNumber: values.BODY_VAT_NUMBER,
      }),
      areBodyDetailsDemo: Object.keys(DEMO_BODY).some((name) => present[name] === undefined),
      contact: Object.freeze({
        address: values.CONTACT_ADDRESS,
        email: values.CONTACT_EMAIL,
        phone: values.CONTACT_PHONE ?? null,
        hours: values.CONTACT_HOURS,
      }),
      areContactDetailsDemo: Object.keys(DEMO_CONTACT).some((name) => present[name] === undefined),
      signingP12:
        values.SIGNING_P12_PATH && passphrase !== undefined
          ? Object.freeze({ path: values.SIGNING_P12_PATH, passphrase })
          : null,
      ledgerKeyPath: values.LEDGER_KEY_PATH ?? null,
      walletIssuerKeyPath: values.WALLET_ISSUER_KEY_PATH ?? null,
      walletOfferTtlMinutes: values.WALLET_OFFER_TTL_MINUTES,
      s3: values.S3_BUCKET
        ? Object.freeze({
            bucket: values.S3_BUCKET,
            region: values.S3_REGION,
            endpoint: values.S3_ENDPOINT ?? null,
            forcePathStyle: values.S3_FORCE_PATH_STYLE,
            credentials:
              values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
                ? Object.freeze({
                    accessKeyId: values.S3_ACCESS_KEY_ID,
                    secretAccessKey: values.S3_SECRET_ACCESS_KEY,
                  })
                : null,
          })
        : null,
      // Platforms that cannot hold line breaks in a variable pass the PEM with `\n` escapes.
      ledgerKeyPem: values.LEDGER_KEY?.replaceAll('\\n', '\n') ?? null,
      anchor: anchor.settings,
    });
  } catch (error) {
    if (error instanceof ConfigError) throw new ConfigError(`Invalid configuration: ${error.message}`);
    throw error;
  }
}
