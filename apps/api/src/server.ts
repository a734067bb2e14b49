// The server, imported by main.ts once the Node version is checked (see there).
import { createServer } from 'node:net';
import { join } from 'node:path';
import { API_PREFIX } from '@lisbon/domain';
import { buildApp, createContext, VERSION } from './app';
import { BACKGROUND_THREAD_NICENESS, canLowerThreadPriority } from './platform/background-thread';
import { buildCommit } from './platform/build';
import { createMetrics } from './platform/metrics';
import { registeredJobs } from './jobs';
import { purgeExpiredIdentityData } from './modules/auth/service';
import { purgeUnattachedDocuments } from './modules/documents/retention.service';
import { purgeSpentDpopProofs } from './modules/wallet/dpop';
import { purgeSpentNonces } from './modules/wallet/issuance.service';
import { purgeOldPresentations } from './modules/wallet/verifier.service';
import { reconcileStalePayments } from './modules/payments/settlement.service';
import { sweepOrphanFiles } from './modules/system/file-sweep.service';
import { purgeExpiredIdempotencyKeys } from './platform/http/idempotency';
import { ConfigError, loadConfig, type Config } from './platform/config';
import { openDatabase, refreshStatistics } from './platform/db/database';
import { MigrationRefusal } from './platform/db/migrate';
import { unusableDatabase } from './platform/db/errors';
import { createWorker } from './platform/jobs/worker';
import { createMailer } from './platform/mail/mailer';
import { queueLedgerAnchor } from './platform/ledger/anchor/schedule';
import { queueLedgerAudit } from './platform/ledger/audit-run';
import { assertLedgerKeyMatches } from './platform/ledger/key-check';
import { assertSharedKeysConfigured, loadBodyKeys } from './platform/signing/keys';
import { assertKeyFingerprints, keySetFingerprints } from './platform/signing/fingerprints';
import { createHttpWebhookTransport, injectWebhookTransport } from './platform/payments/sandbox/transport';
import { sealLegacyTotpSecrets } from './modules/users/totp-sealing.service';
import { clocksOf } from './platform/test-clock';
import { recordServedAddress } from './platform/served-address';
import { productionWarnings } from './platform/production-warnings';
import { PROBE_TIMEOUT_MS as STORE_PROBE_TIMEOUT_MS } from './platform/http/scrape';
import { unusableBucket } from './platform/storage/refusals';
import { unusableAddress, unusableFile } from './platform/system-refusals';
import { prepareDatabase } from './seeds';
import { queueDeadlineDigest } from './modules/staff/deadline-digest.service';
import { fillMissingSearchTexts } from './modules/practice-records/search-text';
import { messageOf } from './platform/errors';

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    // A wrong setting is the operator's to fix: one line naming the variable, no stack.
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
try {
  assertSharedKeysConfigured(config);
} catch (error) {
  console.error(messageOf(error));
  process.exit(1);
}
const db = openDatabase(config.database);
let isClosing = false;
// One set of metrics for the process: the HTTP server's answers and the worker's settlements.
const metrics = createMetrics({ processMetrics: true });
const { clock, securityClock } = clocksOf(config);
const app = await buildApp({ config, db, metrics, clock, securityClock, isDraining: () => isClosing });
const ctx = createContext({ config, db, metrics, clock, securityClock });
const mailer = createMailer({ config, clock: ctx.clock, log: app.log });
const webhookPath = `${API_PREFIX}/payments/webhook`;
// The sandbox gateway calls the webhook over real HTTP, like a gateway; in-process when PUBLIC_URL is out of reach.
const webhookTransport = createHttpWebhookTransport({
  url: `${config.publicUrl}${webhookPath}`,
  fallback: injectWebhookTransport((request) => app.inject(request), webhookPath),
  log: app.log,
});
const worker = createWorker({
  db,
  clock: ctx.clock,
  jobs: registeredJobs({ mailer, ctx, webhookTransport }),
  log: app.log,
  leaseSeconds: config.jobLeaseSeconds,
  metrics,
});
const HOUSEKEEPING_MS = 15 * 60_000;
const housekeeping = setInterval(() => {
  purgeExpiredIdentityData(ctx)
    .then(() => refreshStatistics(db, config.database))
    .catch((error: unknown) => app.log.error({ err: error }, 'housekeeping failed'));
  // Documents that belong to no request, past UPLOAD_UNATTACHED_TTL_HOURS (decision 058).
  purgeUnattachedDocuments(ctx)
    .then(({ removed }) => {
      if (removed > 0) app.log.info({ removed }, 'documents that belong to no request were deleted');
    })
    .catch((error: unknown) => app.log.error({ err: error }, 'unattached documents purge failed'));
  // Wallet checks past WALLET_RESULT_KEPT_HOURS, with the claims disclosed (decision 088).
  purgeOldPresentations(ctx)
    .then(({ removed }) => {
      if (removed > 0) app.log.info({ removed }, 'wallet checks past their keeping time were deleted');
    })
    .catch((error: unknown) => app.log.error({ err: error }, 'wallet checks purge failed'));
  // Wallet nonces spent and expired: their signature refuses them now (decision 088).
  purgeSpentNonces(ctx).catch((error: unknown) =>
    app.log.error({ err: error }, 'spent wallet nonces purge failed'),
  );
  // DPoP proofs taken and past their window: their iat refuses them now (decision 088).
  purgeSpentDpopProofs(ctx).catch((error: unknown) =>
    app.log.error({ err: error }, 'spent wallet DPoP proofs purge failed'),
  );
  // Idempotency-Keys of sends past their 24 hours (decision 071, amended 2026-12-07).
  purgeExpiredIdempotencyKeys(ctx).catch((error: unknown) =>
    app.log.error({ err: error }, 'expired idempotency keys purge failed'),
  );
}, HOUSEKEEPING_MS).unref();
const FILE_SWEEP_MS = 60 * 60_000;
const fileSweep = setInterval(() => {
  sweepOrphanFiles(ctx)
    .then(({ removed }) => {
      if (removed > 0) app.log.info({ removed }, 'stored files no row holds were removed');
    })
    .catch((error: unknown) => app.log.error({ err: error }, 'file sweep failed'));
}, FILE_SWEEP_MS).unref();
const PAYMENT_RECONCILIATION_MS = 60_000;
const paymentReconciliation = setInterval(() => {
  reconcileStalePayments(ctx)
    .then(({ outcomes }) => {
      for (const outcome of outcomes.filter((item) => item.warning)) {
        app.log.warn({ warning: outcome.warning }, 'payment reconciliation');
      }
    })
    .catch((error: unknown) => app.log.error({ err: error }, 'payment reconciliation failed'));
}, PAYMENT_RECONCILIATION_MS).unref();
// The ledger audit runs as a job (decision 048): asked for at start and every minute, one at a time.
const LEDGER_AUDIT_MS = 60_000;
const askForLedgerAudit = () =>
  queueLedgerAudit(ctx).catch((error: unknown) =>
    app.log.error({ err: error }, 'the ledger audit could not be queued'),
  );
const ledgerAudit = setInterval(() => void askForLedgerAudit(), LEDGER_AUDIT_MS).unref();
// Anchoring on a chain (decision 065), when configured: a pass every 30 s, one at a time; the
// open batch's trouble with the chain is logged once each time it changes.
const LEDGER_ANCHOR_MS = 30_000;
let anchorErrorLogged: string | null = null;
const askForLedgerAnchor = () =>
  queueLedgerAnchor(ctx)
    .then(({ lastError }) => {
      if (lastError && lastError !== anchorErrorLogged) {
        app.log.warn(
          { error: lastError },
          'anchoring waits: the chain’s node failed; the next pass tries again',
        );
      }
      anchorErrorLogged = lastError;
    })
    .catch((error: unknown) => app.log.error({ err: error }, 'anchoring could not be queued'));
const ledgerAnchor = setInterval(() => void askForLedgerAnchor(), LEDGER_ANCHOR_MS).unref();
// The day's mails of requests late or at risk (decision 070): every instance asks, one takes the day.
const DEADLINE_DIGEST_MS = 5 * 60_000;
const askForDeadlineDigest = () =>
  queueDeadlineDigest(ctx).catch((error: unknown) =>
    app.log.error({ err: error }, 'the deadline mails could not be queued'),
  );
const deadlineDigest = setInterval(() => void askForDeadlineDigest(), DEADLINE_DIGEST_MS).unref();

try {
  // What the operator set and the instance would refuse later (its address, its file store) is
  // checked before anything is migrated or recorded: a refused start leaves the database as it was.
  await assertAddressFree({ host: config.host, port: config.port });
  await assertFileStoreUsable();
  const { migrations, seeded } = await prepareDatabase(db);
  const sealed = await sealLegacyTotpSecrets(ctx);
  if (sealed > 0) app.log.info({ accounts: sealed }, 'TOTP secrets sealed at rest');
  // The body's signing and ledger keys: read, or generated into DATA_DIR/keys on first start.
  const keys = loadBodyKeys(config);
  await assertLedgerKeyMatches(db, keys.ledger.publicKey);
  // Every key of the set against the deployment's record (decision 086): a partly different set is refused.
  const recorded = await assertKeyFingerprints(db, keySetFingerprints(config), ctx.clock);
  if (recorded.length > 0) app.log.info({ keys: recorded }, 'key fingerprints recorded for this deployment');
  app.log.info({ fingerprint: keys.certificate.fingerprint }, 'statement signing certificate ready');
  if (migrations.newerMigrations.length > 0)
    app.log.warn(
      { newerMigrations: migrations.newerMigrations, version: VERSION },
      'the database was migrated by a newer release: this release serves it as it is (expand-only migrations; docs/deploy.md, section 11)',
    );
  app.log.info(
    { dialect: config.database.dialect, migrationsApplied: migrations.results?.length ?? 0, seeded },
    'database ready',
  );
  await app.listen({ host: config.host, port: config.port });
  recordServedAddress(config, process.env);
  await askForLedgerAudit();
  await askForDeadlineDigest();
  await askForLedgerAnchor();
  app.log.info(
    ctx.ledger.anchoring
      ? {
          chainId: ctx.ledger.anchoring.settings.chainId,
          sender: ctx.ledger.anchoring.chain.address,
          confirmations: ctx.ledger.anchoring.settings.confirmations,
        }
      : {},
    ctx.ledger.anchoring
      ? 'the ledger is anchored on a chain (decision 065)'
      : 'anchoring is off (ANCHOR_RPC_URL unset): statements are recorded on the body’s own ledger only',
  );
  // Requests from before staff search get their words, in the background (decision 069).
  fillMissingSearchTexts(ctx)
    .then((filled) => {
      if (filled > 0) app.log.info({ filled }, 'requests indexed for staff search');
    })
    .catch((error: unknown) => app.log.error({ err: error }, 'indexing requests for staff search failed'));
  worker.start();
  if (config.smtpUrl) app.log.info('mail goes out over SMTP');
  else if (!config.isProduction) app.log.info('mail is written to DATA_DIR/mail as .eml files');
  for (const warning of productionWarnings(config)) app.log.warn(warning);
  if (!canLowerThreadPriority())
    app.log.warn(
      { niceness: BACKGROUND_THREAD_NICENESS },
      'this platform has no build of @napi-rs/nice: the upload check and document rendering threads run at the normal priority, and a busy one slows every other call (decision 100)',
    );
  // The build it runs, in the line an operator looks for after a start or an upgrade.
  const commit = buildCommit();
  app.log.info(
    { version: VERSION, commit },
    `Lisbon is serving ${config.publicUrl} (listening on ${config.host}:${config.port}): version ${VERSION}, commit ${commit ?? 'unknown (no COMMIT file)'}`,
  );
  if (config.isMaintenanceMode)
    app.log.warn('maintenance mode is on: the API answers 503 except /api/v1/health');
} catch (error) {
  const unusable = unusableDatabase(
    error,
    config.database.dialect === 'postgres' ? config.database.url : undefined,
  );
  // A database this release cannot serve as it is, an address it cannot listen on, a file it cannot
  // read: one line saying why, no stack.
  const refusal =
    unusable ?? unusableAddress(error, { host: config.host, port: config.port }) ?? unusableFile(error);
  if (error instanceof ConfigError || error instanceof MigrationRefusal) console.error(error.message);
  else if (refusal) console.error(refusal);
  else app.log.fatal({ err: error }, 'start failed');
  await db.destroy();
  process.exit(1);
}

/**
 * Whether this instance could listen where it is told to, tried and let go at once (a process that
 * takes the port in between still stops `app.listen`, with the same line).
 */
async function assertAddressFree({ host, port }: { host: string; port: number }): Promise<void> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen({ host, port, exclusive: true }, () => resolve());
  });
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}

/**
 * The file store before the instance serves: a bucket or credentials the object store refuses, or
 * a DATA_DIR that cannot be written, stop the start with one line naming the variables (nothing
 * would be uploaded, published or downloaded); an object store that does not answer is logged as
 * an error, and `lisbon_object_store_up` says when it answers again.
 */
async function assertFileStoreUsable(): Promise<void> {
  try {
    await ctx.storage.probe(STORE_PROBE_TIMEOUT_MS);
  } catch (error) {
    if (!config.s3)
      throw new ConfigError(
        `Invalid configuration: DATA_DIR: ${join(config.dataDir, 'files')} cannot be written by this user, and uploaded documents go there.`,
      );
    const refused = unusableBucket(error);
    if (refused) throw new ConfigError(`Invalid configuration: ${refused}`);
    app.log.error(
      { err: error, endpoint: config.s3.endpoint ?? 'AWS S3' },
      'the object store does not answer (S3_ENDPOINT): uploads, statements and downloads fail until it does',
    );
  }
}

/**
 * A graceful stop within SHUTDOWN_TIMEOUT_SECONDS (decision 042): readiness answers 503 at once,
 * the worker claims nothing more and finishes its job or gives it back, the server finishes the
 * requests in flight without answering 503; past the deadline the process exits anyway.
 */
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (isClosing) return;
  isClosing = true;
  const deadlineMs = config.shutdownTimeoutSeconds * 1000;
  app.log.info({ signal, deadlineSeconds: config.shutdownTimeoutSeconds }, 'shutting down');
  setTimeout(() => {
    app.log.error('shutdown deadline passed: exiting with work unfinished');
    process.exit(1);
  }, deadlineMs);
  try {
    clearInterval(housekeeping);
    clearInterval(fileSweep);
    clearInterval(paymentReconciliation);
    clearInterval(ledgerAudit);
    clearInterval(ledgerAnchor);
    clearInterval(deadlineDigest);
    // The job gets most of the time; what remains is for closing connections.
    await Promise.all([worker.stop({ deadlineMs: deadlineMs * 0.6 }), app.close()]);
    mailer.close();
    await db.destroy();
    app.log.info('stopped');
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}

process.once('SIGINT', (signal) => void shutdown(signal));
process.once('SIGTERM', (signal) => void shutdown(signal));
