import { resolve } from 'node:path';
import { LOCALES, STAFF_ROLES } from '@lisbon/domain';
import { ROTATABLE_KEY_NAMES } from './platform/signing/key-names';

/**
 * The commands' names and what `bin/lisbon help` says of each, and what the commands share to read
 * their arguments. Kept apart from the commands themselves (cli-commands.ts), so that `help` or a
 * mistyped command answers without loading the whole API: `cli.ts` imports the commands only to
 * run one.
 */

/** A command given wrong arguments: the command prints the message and its own usage, and exits with 2. */
export class UsageError extends Error {}

/** `npm run cli` runs in apps/api: a relative path means the caller's directory (npm's INIT_CWD). */
export const callerPath = (path: string): string => resolve(process.env.INIT_CWD ?? process.cwd(), path);

/** Each command with the lines the usage gives it, in the order the usage lists them. */
const COMMAND_USAGES = [
  { name: 'migrate', lines: ['apply pending migrations and seed reference data, then exit'] },
  {
    name: 'user:create',
    lines: [
      'create a staff account and print its activation link',
      `--role ${STAFF_ROLES.join('|')} --email <address> --first-name <name> --last-name <name>`,
      `[--locale ${LOCALES.join('|')}, default en-US: the language of their pages and mails]`,
    ],
  },
  {
    name: 'demo:rush-drafts',
    lines: [
      'demo data for the rush bench: active applicants <prefix>-0001@bench.example.org …,',
      'each with a draft ready to pay',
      '[--count <n, default 100>] [--prefix <text, default rush>] [--password <password>]',
    ],
  },
  {
    name: 'demo:staff',
    lines: [
      'for local trials only: a secretary, an evaluator, a reviewer and an admin with a known',
      'password and two factors on; prints each TOTP secret once',
    ],
  },
  {
    name: 'demo:statement',
    lines: [
      'for local trials and the verify bench: a demo request published through the real',
      'publication (ledger entries, signed PDF); prints its certificate id',
      '[--out <path>: also write the signed PDF there]',
      '[--email <address>: publish it for this existing applicant instead of a new one]',
    ],
  },
  {
    name: 'demo:ready-for-issue',
    lines: [
      'for local trials and browser journeys: a request of an existing applicant made',
      'ready for issue, every certificate field assessed; prints its id',
      "--email <applicant's address>",
    ],
  },
  {
    name: 'marketing:send',
    lines: [
      'queue a newsletter to every user who opted in, each with their unsubscribe link',
      '--subject <text> --body-file <path: plain text, paragraphs split by blank lines>',
    ],
  },
  {
    name: 'storage:sweep',
    lines: [
      'remove stored files that no row holds (left by a failed request or a killed upload),',
      'older than the grace period; the server also runs it every hour',
      '[--grace-minutes <n, default 60>]',
    ],
  },
  {
    name: 'keys:generate',
    lines: [
      'one set of keys for a deployment (ledger key, signing P12 and its passphrase, webhook',
      'secret, TOTP sealing key, wallet issuer key) as files in a new folder; prints the variables',
      'that point at them',
      '--out <folder>',
    ],
  },
  {
    name: 'keys:rotate',
    lines: [
      'change one key for the whole deployment (decision 086), run with the configuration',
      'that holds the new key: records its fingerprint, so instances with the new key start and',
      'those with the old one are refused; totp also seals every TOTP secret again under the',
      'new key (stop every instance first); wallet keeps the old public key in the JWKS so',
      'earlier credentials verify (decision 094); the ledger key is not rotated',
      `--key ${ROTATABLE_KEY_NAMES.join('|')} [--previous-key-file <old TOTP or wallet key file>]`,
    ],
  },
  {
    name: 'keys:revoke',
    lines: [
      'stop a RETIRED wallet issuer key that leaked from verifying (decision 114): no instance',
      'lists it in the JWKS any more, and the verifier refuses every credential it signed; the',
      'current key is refused (rotate it first); run again, it changes nothing; prints how many',
      'credentials it signed that the portal knows of, and how many record no key (older ones)',
      '--key wallet --kid <the retired key, as /.well-known/jwt-vc-issuer lists it>',
    ],
  },
  {
    name: 'ledger:verify',
    lines: [
      "audit the whole ledger: every entry's hash, link and signature from the first to",
      'the head, recorded as the last audit; prints OK (exit 0) or the first break (exit 1)',
    ],
  },
  {
    name: 'backup',
    lines: [
      'the embedded default (SQLite, files on disk): a consistent snapshot of the database,',
      'DATA_DIR/files and DATA_DIR/keys, with the SHA-256 of each in manifest.json; safe',
      'while the server runs; owner-only, as it holds the keys (PostgreSQL, S3: docs/deploy.md);',
      'recorded for the metrics once written',
      '--out <new or empty folder>',
    ],
  },
  {
    name: 'backup:record',
    lines: [
      "record a backup made outside the portal, once written whole (the release's nightly",
      "lisbon-backup runs it after its pg_dump): the metrics' lisbon_backup_last_success_",
      'timestamp_seconds says when the newest was made (decision 096); a file of this host is',
      'recorded by its absolute path (a relative one read from the current directory) and dated',
      'by its modification time, a URL (s3://…) as given and by the moment it is recorded; a',
      'path that names no file of this host, or a directory, is refused',
      '--location <the dump file written, or the URL of a backup kept elsewhere>',
    ],
  },
  {
    name: 'statement:withdraw',
    lines: [
      'withdraw a published statement for good (decision 097): a revoke entry in the ledger and',
      'the status revoked; its PDF then checks NOT valid and its wallet credentials read revoked',
      '--certificate <statement id> --reason <text: kept in the database; the ledger holds only',
      'its HMAC-SHA-256 under a salt of its own>; run again alike, it answers the same entry',
    ],
  },
  {
    name: 'restore',
    lines: [
      'a backup into the configured DATA_DIR and database, with the server stopped: every',
      'file checked against the manifest before anything is written, then the ledger audited',
      '--from <backup folder> [--force: move the data already there aside]',
    ],
  },
  {
    name: 'clock:set',
    lines: [
      'only with TEST_CLOCK=true (refused in production): the time of the server and of',
      'these commands becomes the real time plus whole days (decision 056)',
      '--days <n> | --reset',
    ],
  },
  {
    name: 'anchor:verify',
    lines: [
      '<receipt.json | certificate id> --rpc <node URL> [--file <statement.pdf>] [--lang en-US|it-IT]',
      'check a statement against its blockchain receipt, step by step: the file is the one',
      'the seal entry holds, the entry is intact and signed, its Merkle path leads to the',
      'root, the root is the data of the transaction in its block. A receipt file needs no',
      "database and no configuration; a certificate id reads its receipt from this portal's",
      'database. Exit 0: every step passed; 1: a step failed (it says which and why);',
      '3: not decidable now (the node cannot be reached, confirmations still to come)',
    ],
  },
  {
    name: 'anchor:run',
    lines: [
      'one anchoring pass now (the server runs one every 30 seconds): the open batch moved',
      'as far as the chain allows, or the next one made when due; needs ANCHOR_RPC_URL',
    ],
  },
  { name: 'anchor:status', lines: ['the entries waiting, the open batch and the last final one'] },
] as const;

export type Command = (typeof COMMAND_USAGES)[number]['name'];

export const COMMANDS: readonly Command[] = COMMAND_USAGES.map((command) => command.name);

export const isCommand = (name: string | undefined): name is Command =>
  COMMANDS.some((command) => command === name);

/** A name in its column of 14, or on a line of its own when longer; the lines under it at 16. */
const NAME_COLUMN = 14;
const usageOf = (name: string, [first, ...rest]: readonly string[]): string =>
  [
    name.length < NAME_COLUMN
      ? `  ${name.padEnd(NAME_COLUMN)}${first}`
      : `  ${name}\n${' '.repeat(16)}${first}`,
    ...rest.map((line) => `${' '.repeat(16)}${line}`),
  ].join('\n');

const INVOCATION = 'bin/lisbon <command>   (a release; in a checkout: npm run cli -- <command>)';

export const USAGE = [
  `Usage: ${INVOCATION}`,
  '',
  'Commands:',
  usageOf('help', ['this list (also --help, -h)']),
  usageOf('--version', ['the version and the commit this build was made from (also -V)']),
  ...COMMAND_USAGES.map(({ name, lines }) => usageOf(name, lines)),
].join('\n');

/** Where a mistake ends: the way to the whole list, rather than the list itself. */
export const HELP_HINT = "'bin/lisbon help' lists every command.";

/** One command's usage, printed under a mistake in its arguments. */
export function commandUsage(command: Command): string {
  const usage = COMMAND_USAGES.find(({ name }) => name === command);
  if (!usage) return USAGE;
  const { name, lines } = usage;
  return [`Usage: ${INVOCATION}`, '', usageOf(name, lines), '', HELP_HINT].join('\n');
}
