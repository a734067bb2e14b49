import { existsSync, readFileSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { emailSchema, isLocale, LOCALES, personNameSchema, STAFF_ROLES } from '@lisbon/domain';
import { createContext, VERSION } from './app';
import { createRushDrafts, rushEmail } from './demo/rush-drafts';
import { createDemoStaff, DEMO_STAFF_PASSWORD } from './demo/staff';
import { createDemoStatement, createReadyForIssue } from './demo/statement';
import { findAccountByEmail } from './modules/users/accounts';
import { createStaffAccount, type StaffAccount } from './modules/auth/registration.service';
import { sendMarketingMail } from './modules/marketing/service';
import { BackupError, UnsupportedBackupError } from './modules/system/backup-manifest';
import { backupDataDir } from './modules/system/backup.service';
import { sweepOrphanFiles } from './modules/system/file-sweep.service';
import { restoreBackup } from './modules/system/restore.service';
import { withdrawStatement, WithdrawalError } from './modules/statements/withdrawal';
import { recordBackup } from './platform/backup-record';
import { systemClock } from './platform/clock';
import { ConfigError, type Config } from './platform/config';
import { MigrationRefusal } from './platform/db/migrate';
import { loadCommandConfig } from './platform/served-address';
import { openDatabase, type Db } from './platform/db/database';
import { unusableDatabase } from './platform/db/errors';
import { unusableBucket } from './platform/storage/refusals';
import { unusableFile } from './platform/system-refusals';
import { AppError, errorCode } from './platform/errors';
import type { ChainAudit } from './platform/ledger/audit';
import { createDatabaseLedger } from './platform/ledger/ledger';
import {
  assertSharedKeysConfigured,
  generateKeySet,
  LEDGER_KEY_FILE,
  loadBodyKeys,
  MissingKeyError,
} from './platform/signing/keys';
import {
  assertKeyFingerprints,
  keySetFingerprints,
  ledgerKeyFingerprint,
} from './platform/signing/fingerprints';
import {
  isWalletKid,
  revokeKey,
  RevocationError,
  signedCredentialLines,
} from './platform/signing/revocation';
import { rotateKey, RotationError } from './platform/signing/rotation';
import { clockOf, clocksOf, testClockPath, writeClockOffset } from './platform/test-clock';
import { prepareDatabase } from './seeds';
import { anchorRun, anchorStatus, anchorVerify } from './cli-anchor';
import { callerPath, commandUsage, UsageError, type Command } from './cli-usage';

/**
 * The services' context; on PostgreSQL only with the deployment's keys, never generated ones, and
 * only with the key set the deployment recorded: a command given another key is refused naming
 * the variable, as a starting instance is (decision 086).
 */
async function contextOf(config: Config, db: Db) {
  assertSharedKeysConfigured(config);
  await assertKeyFingerprints(db, keySetFingerprints(config), clockOf(config));
  return createContext({ config, db, ...clocksOf(config) });
}

/** `clock:set`: moves the time of a TEST_CLOCK server (and of these commands) by whole days, or back. */
function clockSet(args: string[]): void {
  const { values } = parseArgs({ args, options: { days: { type: 'string' }, reset: { type: 'boolean' } } });
  const config = loadCommandConfig(process.env);
  if (!config.isTestClock) throw new UsageError('clock:set needs TEST_CLOCK=true (never in production)');
  const days = values.reset ? 0 : Number(values.days);
  if (!Number.isInteger(days)) throw new UsageError('clock:set needs --days <whole number> or --reset');
  writeClockOffset(testClockPath(config.dataDir), days * 24 * 60 * 60);
  console.log(
    `The clock is now ${clockOf(config).now().toISOString()} (real time ${days >= 0 ? '+' : ''}${days} days).`,
  );
}

async function storageSweep(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { 'grace-minutes': { type: 'string', default: '60' } } });
  const minutes = Number(values['grace-minutes']);
  if (!Number.isInteger(minutes) || minutes < 0) throw new UsageError('--grace-minutes takes a whole number');
  const config = loadCommandConfig(process.env);
  await withDatabase(async (db) => {
    const { checked, removed } = await sweepOrphanFiles(await contextOf(config, db), {
      graceSeconds: minutes * 60,
    });
    console.log(
      `Looked at ${checked} stored files older than ${minutes} minutes; removed ${removed} that no row holds.`,
    );
  });
}

function keysGenerate(args: string[]): void {
  const { values } = parseArgs({ args, options: { out: { type: 'string' } } });
  if (!values.out) throw new UsageError('keys:generate needs --out <folder>');
  const config = loadCommandConfig(process.env);
  const lines = generateKeySet({
    folder: callerPath(values.out),
    bodyName: config.body.name,
    now: new Date(),
  });
  console.log(
    `# One set of keys for every instance of this deployment (keep the folder secret, back it up):`,
  );
  for (const line of lines) console.log(line);
}

async function keysRotate(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { key: { type: 'string' }, 'previous-key-file': { type: 'string' } },
  });
  if (!values.key) throw new UsageError('keys:rotate needs --key <name>');
  const config = loadCommandConfig(process.env);
  assertSharedKeysConfigured(config);
  const previous = values['previous-key-file'];
  await withDatabase(async (db) => {
    await prepareDatabase(db);
    const rotation = await rotateKey({
      db,
      config,
      clock: clockOf(config),
      name: values.key ?? '',
      ...(previous ? { previousKeyFile: callerPath(previous) } : {}),
    });
    console.log(
      rotation.next === rotation.previous
        ? `The ${rotation.name} key of this deployment is unchanged: ${rotation.next} is already the one recorded.`
        : `The ${rotation.name} key of this deployment is now ${rotation.next} (was ${rotation.previous ?? 'not recorded'}).`,
    );
    if (rotation.name === 'totp')
      console.log(`Sealed again under the new key: ${rotation.resealed} accounts.`);
    console.log('Give every instance the new key; an instance still holding the old one refuses to start.');
  });
}

/** `keys:revoke --key wallet --kid <kid>`: a retired wallet issuer key that leaked is refused (decision 114). */
async function keysRevoke(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { key: { type: 'string' }, kid: { type: 'string' } } });
  if (!values.key) throw new UsageError('keys:revoke needs --key wallet');
  const kid = values.kid?.trim();
  if (!kid)
    throw new UsageError('keys:revoke needs --kid <the retired key, as /.well-known/jwt-vc-issuer lists it>');
  if (!isWalletKid(kid))
    throw new UsageError(
      `--kid must be a key's kid as the JWKS lists it (43 characters of base64url): ${kid}`,
    );
  const config = loadCommandConfig(process.env);
  await withDatabase(async (db) => {
    await prepareDatabase(db);
    const revocation = await revokeKey({ db, config, clock: clockOf(config), name: values.key ?? '', kid });
    if (revocation.isRepeated) {
      console.log(
        `The wallet issuer key ${kid} was revoked already on ${revocation.revokedAt}: unchanged. Nothing was written.`,
      );
      for (const line of signedCredentialLines(revocation)) console.log(line);
      return;
    }
    console.log(
      `The wallet issuer key ${kid} (retired ${revocation.retiredAt}) is revoked at ${revocation.revokedAt}: no instance lists it in /.well-known/jwt-vc-issuer, and the portal's verifier refuses every credential it signed (the signature step fails). An instance not restarted since the rotation, still holding it, now refuses its offers, credentials, status list and verifier's requests (500): restart it with the current key.`,
    );
    console.log(
      'A third party that cached the JWKS may take it for up to five minutes more. Holders of credentials it signed add the statement to their wallet again (docs/wallet.md, "Revocation").',
    );
    for (const line of signedCredentialLines(revocation)) console.log(line);
  });
}

async function withDatabase<T>(work: (db: ReturnType<typeof openDatabase>) => Promise<T>): Promise<T> {
  const config = loadCommandConfig(process.env);
  const db = openDatabase(config.database);
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

async function migrate(): Promise<void> {
  await withDatabase(async (db) => {
    const { migrations, seeded } = await prepareDatabase(db);
    const { results = [] } = migrations;
    for (const result of results) console.log(`${result.status.padEnd(11)} ${result.migrationName}`);
    if (migrations.newerMigrations.length > 0)
      console.log(
        `The database was migrated by a newer release (${migrations.newerMigrations.join(', ')}): nothing to do; this release serves it as it is.`,
      );
    else if (results.length === 0) console.log('No pending migrations.');
    console.log(
      `Seeded ${seeded.cmsEntries} new CMS entries, ${seeded.countries} countries, ${seeded.requiredDocuments} required documents, ${seeded.closures} closures.`,
    );
  });
}

function staffFromArgs(args: string[]): StaffAccount {
  const { values } = parseArgs({
    args,
    options: {
      role: { type: 'string' },
      email: { type: 'string' },
      'first-name': { type: 'string', default: '' },
      'last-name': { type: 'string', default: '' },
      locale: { type: 'string' },
    },
  });
  const role = STAFF_ROLES.find((candidate) => candidate === values.role);
  if (!role) throw new UsageError(`--role must be one of ${STAFF_ROLES.join(', ')}`);
  const email = emailSchema.safeParse(values.email ?? '');
  if (!email.success) throw new UsageError('--email must be a valid email address');
  // Staff are chosen by name (the assignment's lists) and named in a request's history.
  const firstName = personNameSchema.safeParse(values['first-name']);
  const lastName = personNameSchema.safeParse(values['last-name']);
  if (!firstName.success || !lastName.success)
    throw new UsageError(
      '--first-name and --last-name must be given (letters, spaces, apostrophes, dots and hyphens): colleagues choose staff by name',
    );
  // The language of the portal and of the mails for them: English unless said.
  if (values.locale !== undefined && !isLocale(values.locale))
    throw new UsageError(`--locale must be one of ${LOCALES.join(', ')}`);
  return {
    role,
    email: email.data,
    firstName: firstName.data,
    lastName: lastName.data,
    locale: values.locale,
  };
}

async function createUser(args: string[]): Promise<void> {
  const staff = staffFromArgs(args);
  const config = loadCommandConfig(process.env);
  await withDatabase(async (db) => {
    await prepareDatabase(db);
    const { userId, link } = await createStaffAccount(await contextOf(config, db), staff);
    console.log(`Created ${staff.role} account #${userId} for ${staff.email}.`);
    console.log(`It stays inactive until its password is set at this link (single use):\n${link}`);
    console.log('Staff must turn on two-factor authentication before they can reach any staff page.');
  });
}

/** Meets the password rule; demo accounts only. */
const RUSH_PASSWORD = 'Rush#Hour2026';

async function rushDrafts(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      count: { type: 'string', default: '100' },
      prefix: { type: 'string', default: 'rush' },
      password: { type: 'string', default: RUSH_PASSWORD },
    },
  });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1 || count > 100_000) {
    throw new UsageError('--count must be a whole number between 1 and 100000');
  }
  if (!/^[a-z0-9-]{1,30}$/.test(values.prefix)) {
    throw new UsageError('--prefix must be 1 to 30 of a-z, 0-9, -');
  }
  const config = loadCommandConfig(process.env);
  await withDatabase(async (db) => {
    await prepareDatabase(db);
    const created = await createRushDrafts(await contextOf(config, db), {
      count,
      prefix: values.prefix,
      password: values.password,
    });
    console.log(
      `Created ${created} applicants with a draft ready to pay (${count - created} already there): ${rushEmail(values.prefix, 1)} … ${rushEmail(values.prefix, count)}.`,
    );
  });
}

async function demoStaff(): Promise<void> {
  const config = loadCommandConfig(process.env);
  await withDatabase(async (db) => {
    await prepareDatabase(db);
    const { created, existing } = await createDemoStaff(await contextOf(config, db));
    for (const staff of created) {
      console.log(`${staff.role.padEnd(10)} ${staff.email}  TOTP secret ${staff.secret}`);
      console.log(`           ${staff.otpauthUrl}`);
    }
    for (const email of existing)
      console.log(`exists     ${email} (left as it was; its secret is not shown again)`);
    if (created.length > 0) {
      console.log(`Password of the new demo accounts: ${DEMO_STAFF_PASSWORD}`);
      console.log(
        'Add each secret to an authenticator app (or open its otpauth link), then log in at /auth/login.',
      );
      console.log('For local trials only: never run this against a production database.');
    }
  });
}

async function demoStatement(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { out: { type: 'string' }, email: { type: 'string' } } });
  const config = loadCommandConfig(process.env);
  await withDatabase(async (db) => {
    await prepareDatabase(db);
    const { certificateId, practiceId, pdf, admin } = await createDemoStatement(await contextOf(config, db), {
      ownerEmail: values.email,
    });
    const out = values.out ? callerPath(values.out) : undefined;
    if (out) writeFileSync(out, pdf);
    console.log(`certificate ${certificateId}`);
    console.log(
      `Published demo request #${practiceId}; verify it at ${config.publicUrl}/verify/${certificateId}`,
    );
    if (out) console.log(`Signed PDF written to ${out} (${pdf.length} bytes).`);
    console.log(`admin ${admin.email}  TOTP secret ${admin.secret}  (password of the demo staff)`);
  });
}

async function demoReadyForIssue(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { email: { type: 'string' } } });
  const email = emailSchema.safeParse(values.email);
  if (!email.success) throw new UsageError('--email <applicant address> is required');
  const config = loadCommandConfig(process.env);
  await withDatabase(async (db) => {
    await prepareDatabase(db);
    const account = await findAccountByEmail(db, email.data);
    if (account?.role !== 'applicant') throw new UsageError(`no applicant with the address ${email.data}`);
    const practiceId = await createReadyForIssue(await contextOf(config, db), account.id);
    console.log(`request ${practiceId}`);
    console.log(
      `Request #${practiceId} of ${email.data} is ready for issue: publish it from /staff/practices/${practiceId}.`,
    );
  });
}

async function marketingSend(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { subject: { type: 'string' }, 'body-file': { type: 'string' } },
  });
  const subject = values.subject?.trim() ?? '';
  if (!subject) throw new UsageError('--subject must not be empty');
  if (!values['body-file']) throw new UsageError('--body-file is required');
  let body: string;
  try {
    body = readFileSync(callerPath(values['body-file']), 'utf8');
  } catch {
    throw new UsageError(`--body-file cannot be read: ${values['body-file']}`);
  }
  if (!body.trim()) throw new UsageError('--body-file must not be empty');
  const config = loadCommandConfig(process.env);
  await withDatabase(async (db) => {
    await prepareDatabase(db);
    const count = await sendMarketingMail(await contextOf(config, db), { subject, body });
    console.log(`Queued ${count} marketing mails; the portal's worker sends them.`);
  });
}

/** The ledger with the configured key, never a generated one: a missing key is the operator's to restore. */
const configuredLedger = (config: Config, db: Db) =>
  createDatabaseLedger({
    db,
    clock: systemClock,
    keys: () => loadBodyKeys(config, { isCreating: false }).ledger,
  });

function printLedgerAudit(audit: ChainAudit): void {
  if (audit.isIntact) {
    console.log(
      audit.length === 0
        ? 'Ledger OK: no entries yet.'
        : `Ledger OK: ${audit.length} entries, every hash, link and signature checks. Head ${audit.headHash}.`,
    );
    return;
  }
  console.error(
    `Ledger BROKEN at entry ${audit.seq}${audit.hash ? ` (${audit.hash})` : ''}: ${audit.fault}. ${audit.checked} entries before it check.`,
  );
  process.exitCode = 1;
}

/** A full audit, recorded as the last one: after a repair, verifications answer valid again at once (decision 048). */
async function ledgerVerify(): Promise<void> {
  const config = loadCommandConfig(process.env);
  // On PostgreSQL the key comes from configuration (or a DATA_DIR that holds the deployment's):
  // without either, name the variables, never "start the portal".
  const hasLedgerKey =
    config.ledgerKeyPem !== null ||
    config.ledgerKeyPath !== null ||
    existsSync(join(config.dataDir, 'keys', LEDGER_KEY_FILE));
  if (!hasLedgerKey) assertSharedKeysConfigured(config);
  await withDatabase(async (db) => {
    // The ledger key against the deployment's record: another key is named, not reported as a break.
    await assertKeyFingerprints(db, [ledgerKeyFingerprint(config)], systemClock);
    const run = await configuredLedger(config, db).runAudit('full');
    if (run) printLedgerAudit(run.audit);
  });
}

async function backup(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { out: { type: 'string' } } });
  if (!values.out) throw new UsageError('backup needs --out <new or empty folder>');
  const folder = callerPath(values.out);
  const { manifest, warnings } = await backupDataDir(loadCommandConfig(process.env), {
    folder,
    appVersion: VERSION,
  });
  const { counts } = manifest;
  const bytes = manifest.entries.reduce((sum, entry) => sum + entry.bytes, 0);
  console.log(
    `Backup written to ${folder}: the database (ledger entries: ${counts.ledger_entries}, statements: ${counts.statements}, documents: ${counts.documents}), stored files: ${counts.files}, key files: ${counts.keys}; ${bytes} bytes in all.`,
  );
  for (const warning of warnings) console.warn(`Note: ${warning}`);
  console.log('It holds the private keys: keep it as secret as they are, and away from this machine.');
  // Its time for the metrics (decision 096), written into the live database, not the copy.
  await withDatabase((db) =>
    recordBackup(db, { kind: 'embedded', location: folder, finishedAt: systemClock.now() }),
  );
}

/** `statement:withdraw`: a published statement stops being valid, for good (decision 097). */
async function statementWithdraw(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { certificate: { type: 'string' }, reason: { type: 'string' } },
  });
  const certificateId = values.certificate?.trim();
  const reason = values.reason?.trim();
  if (!certificateId) throw new UsageError('statement:withdraw needs --certificate <the statement id>');
  if (!reason)
    throw new UsageError(
      "statement:withdraw needs --reason <why, kept in the body's records, committed to in the ledger>",
    );
  const config = loadCommandConfig(process.env);
  await withDatabase(async (db) => {
    const ctx = await contextOf(config, db);
    const { entrySeq, repeated } = await withdrawStatement(ctx, { certificateId, reason });
    console.log(
      repeated
        ? `Statement ${certificateId} was withdrawn already with this reason: ledger entry ${entrySeq} (revoke), unchanged. Nothing was written.`
        : `Statement ${certificateId} withdrawn: ledger entry ${entrySeq} (revoke). Its PDF now checks NOT valid, and its wallet credentials read revoked within a minute.`,
    );
  });
}

/**
 * A backup's location that is a URL: a scheme of RFC 3986's letters followed by `://` (`s3://`,
 * `https://`…), or one of the schemes taken without it (a snapshot's `arn:…`, a `file:` URL). A colon
 * alone does not make one: `lisbon-02:30.dump` is a file name, relative to the caller's directory.
 */
const URL_SCHEME = /^(?:[a-z][a-z0-9+.-]*:\/\/|arn:|file:)/i;

/**
 * A recorded backup: where it is, and when it was written whole. A file of this host is recorded by
 * its absolute path, a relative one resolved from the caller's directory (`lisbon-02:30.dump` run in
 * `/var/backups/lisbon` is `/var/backups/lisbon/lisbon-02:30.dump`), so the record names the file
 * whatever directory it was typed in; it is dated by the file's modification time (`lisbon-backup`
 * renames the finished dump, which keeps it), so a dump recorded later (deploy.md §11, step 7: the
 * one taken before an upgrade from 1.0.0) is not dated now and does not silence
 * `LisbonBackupMissing`. A backup kept elsewhere, named by its URL (`s3://…`, a snapshot's), is
 * recorded as given, dated now. Any other location (or a `file:` URL) is a path of this host, and one
 * that names no file there is refused (decision 096): a mistyped path would count as a backup made.
 */
function recordedBackup(location: string): { location: string; finishedAt: Date } {
  const isLocal = !URL_SCHEME.test(location) || /^file:/i.test(location);
  if (!isLocal) return { location, finishedAt: systemClock.now() };
  const takes = `--location takes the path of a dump that exists here (the one lisbon-backup printed as "backup written: …"; a relative path is read from the current directory), or the URL of a backup kept elsewhere (s3://bucket/key).`;
  const refusal = (path: string) =>
    `backup:record: there is no file ${path} on this host, so nothing was recorded. ${takes}`;
  let path: string;
  try {
    path = /^file:/i.test(location) ? fileURLToPath(location) : callerPath(location);
  } catch {
    throw new UsageError(refusal(location));
  }
  let file: Stats;
  try {
    file = statSync(path);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT' && errorCode(error) !== 'ENOTDIR') throw error;
    throw new UsageError(refusal(path));
  }
  // A folder (`--location /var/backups/lisbon`) is no dump: recorded, it would say a backup was
  // just made and silence LisbonBackupMissing whether or not a dump is in it. Nor is a device.
  if (file.isDirectory())
    throw new UsageError(
      `backup:record: --location ${path} is a directory, not a backup file, so nothing was recorded. ${takes}`,
    );
  if (!file.isFile())
    throw new UsageError(
      `backup:record: --location ${path} is not a regular file, so nothing was recorded. ${takes}`,
    );
  return { location: path, finishedAt: file.mtime };
}

/** `backup:record`: a backup made outside the portal (the nightly `pg_dump`), for the metrics. */
async function backupRecord(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { location: { type: 'string' } } });
  const given = values.location?.trim();
  if (!given) throw new UsageError('backup:record needs --location <the dump file written>');
  const { location, finishedAt } = recordedBackup(given);
  await withDatabase((db) => recordBackup(db, { kind: 'pg_dump', location, finishedAt }));
  console.log(
    `backup recorded: ${location}${location === given ? '' : ` (${given}, resolved to its absolute path)`}`,
  );
}

async function restore(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { from: { type: 'string' }, force: { type: 'boolean', default: false } },
  });
  if (!values.from) throw new UsageError('restore needs --from <backup folder>');
  const config = loadCommandConfig(process.env);
  const { manifest, databasePath, movedAside } = await restoreBackup(config, {
    from: callerPath(values.from),
    isForced: values.force,
  });
  console.log(
    `Restored the backup of ${manifest.created_at} (Lisbon ${manifest.app_version}): the database into ${databasePath}; stored files (${manifest.counts.files}) and key files (${manifest.counts.keys}) into ${config.dataDir}.`,
  );
  for (const path of movedAside) console.log(`Moved aside: ${path} (remove it once the restore is checked).`);
  if (manifest.keys_outside.length > 0) {
    console.warn(
      `Note: the backup was made with keys it does not hold: ${manifest.keys_outside.join('; ')}. Configure the same ones.`,
    );
  }
  // Audited, not recorded: a backup of an older version may not have the table of audits yet.
  await withDatabase(async (db) => printLedgerAudit(await configuredLedger(config, db).audit()));
}

/** Demo data (accounts with a published password) never goes into a production deployment (decision 084). */
function refuseDemoDataInProduction(command: string): void {
  const refusal = loadCommandConfig(process.env).demoDataRefusal;
  if (refusal) throw new ConfigError(`${command}: ${refusal} Nothing was written.`);
}

/** A command that takes no arguments refuses any, rather than run as if it had not been given one. */
const withoutArguments =
  (command: Command, run: () => Promise<void>) =>
  (args: string[]): Promise<void> => {
    if (args.length > 0) throw new UsageError(`${command} takes no arguments: ${args.join(' ')}`);
    return run();
  };

/** What each command runs, with the arguments after its name. */
const HANDLERS: Record<Command, (args: string[]) => Promise<void> | void> = {
  migrate: withoutArguments('migrate', migrate),
  'user:create': createUser,
  'demo:rush-drafts': rushDrafts,
  'demo:staff': withoutArguments('demo:staff', demoStaff),
  'demo:statement': demoStatement,
  'demo:ready-for-issue': demoReadyForIssue,
  'marketing:send': marketingSend,
  'storage:sweep': storageSweep,
  'keys:generate': keysGenerate,
  'keys:rotate': keysRotate,
  'keys:revoke': keysRevoke,
  'ledger:verify': withoutArguments('ledger:verify', ledgerVerify),
  backup,
  'backup:record': backupRecord,
  'statement:withdraw': statementWithdraw,
  restore,
  'clock:set': clockSet,
  'anchor:verify': anchorVerify,
  'anchor:run': withoutArguments('anchor:run', anchorRun),
  'anchor:status': withoutArguments('anchor:status', anchorStatus),
};

/**
 * Runs one command (`cli.ts` has checked its name) and sets the exit code: 2 for wrong arguments,
 * 1 for a failure, whose message is printed, with a stack trace only for an unexpected error.
 */
export async function runCommand(command: Command, args: string[]): Promise<void> {
  try {
    if (command.startsWith('demo:')) refuseDemoDataInProduction(command);
    await HANDLERS[command](args);
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
      console.error(`${error.message}\n\n${commandUsage(command)}`);
      process.exitCode = 2;
    } else if (error instanceof UnsupportedBackupError) {
      console.error(error.message);
      process.exitCode = 2;
    } else {
      const isExpected =
        error instanceof ConfigError ||
        error instanceof AppError ||
        error instanceof MissingKeyError ||
        error instanceof RotationError ||
        error instanceof RevocationError ||
        error instanceof BackupError ||
        error instanceof WithdrawalError ||
        error instanceof MigrationRefusal;
      // The command's configuration came from this environment (and bin/lisbon's file).
      const unusable =
        unusableDatabase(error, process.env.DATABASE_URL) ?? unusableBucket(error) ?? unusableFile(error);
      console.error(isExpected ? error.message : (unusable ?? error));
      process.exitCode = 1;
    }
  }
}
