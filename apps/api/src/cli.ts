import { parseArgs } from 'node:util';
import { emailSchema, ROLES } from '@lisbon/domain';
import { createContext } from './app';
import { createStaffAccount, type StaffAccount } from './modules/auth/registration.service';
import { ConfigError, loadConfig } from './platform/config';
import { openDatabase } from './platform/db/database';
import { migrateToLatest } from './platform/db/migrate';
import { AppError } from './platform/errors';
import { runSeeds } from './seeds';

const STAFF_ROLES = ROLES.filter((role): role is StaffAccount['role'] => role !== 'applicant');

const USAGE = `Usage: npm run cli -- <command>   (or npm run cli -w @lisbon/api -- <command>)

Commands:
  migrate       apply pending migrations and seed reference data, then exit
  user:create   create a staff account and print its activation link
                --role ${STAFF_ROLES.join('|')} --email <address> [--first-name <name>] [--last-name <name>]`;

class UsageError extends Error {}

async function withDatabase<T>(work: (db: ReturnType<typeof openDatabase>) => Promise<T>): Promise<T> {
  const config = loadConfig(process.env);
  const db = openDatabase(config.database);
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

async function migrate(): Promise<void> {
  await withDatabase(async (db) => {
    const { results = [] } = await migrateToLatest(db);
    for (const result of results) console.log(`${result.status.padEnd(11)} ${result.migrationName}`);
    if (results.length === 0) console.log('No pending migrations.');
    const seeded = await runSeeds(db);
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
    },
  });
  const role = STAFF_ROLES.find((candidate) => candidate === values.role);
  if (!role) throw new UsageError(`--role must be one of ${STAFF_ROLES.join(', ')}`);
  const email = emailSchema.safeParse(values.email ?? '');
  if (!email.success) throw new UsageError('--email must be a valid email address');
  return {
    role,
    email: email.data,
    firstName: values['first-name'].trim(),
    lastName: values['last-name'].trim(),
  };
}

async function createUser(args: string[]): Promise<void> {
  const staff = staffFromArgs(args);
  const config = loadConfig(process.env);
  await withDatabase(async (db) => {
    await migrateToLatest(db);
    const { userId, link } = await createStaffAccount(createContext({ config, db }), staff);
    console.log(`Created ${staff.role} account #${userId} for ${staff.email}.`);
    console.log(`It stays inactive until its password is set at this link (single use):\n${link}`);
    console.log('Staff must turn on two-factor authentication before they can reach any staff page.');
  });
}

const [command, ...args] = process.argv.slice(2);
try {
  switch (command) {
    case 'migrate':
      await migrate();
      break;
    case 'user:create':
      await createUser(args);
      break;
    default:
      console.error(command ? `Unknown command: ${command}\n\n${USAGE}` : USAGE);
      process.exitCode = 2;
  }
} catch (error) {
  if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    console.error(error instanceof ConfigError || error instanceof AppError ? error.message : error);
    process.exitCode = 1;
  }
}
