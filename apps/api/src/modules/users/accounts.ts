import type { Locale, Role, UserCategory } from '@lisbon/domain';
import type { Db } from '../../platform/db/database';
import {
  advanceTotpCounter,
  findUserByEmail,
  findUserById,
  findUserByIdHeld,
  findUserByIdKept,
  holdUserRow,
  insertUser,
  restampSetFlags,
  settleUnchosenLocale,
  updatePendingApplicant,
  updateUser,
  updateUserWithoutTwoFactor,
  type UserRow,
} from './repository';

/**
 * The account record as the other identity modules (auth, sessions) need it: no access check
 * here, as these run on behalf of the system (a login, a token), never of another user.
 */
export type Account = UserRow;

export const isActive = (account: Account): boolean =>
  account.activated_at !== null && account.deleted_at === null && account.password_hash !== null;

export async function findAccountById(db: Db, id: number): Promise<Account | undefined> {
  const account = await findUserById(db, id);
  return account && account.deleted_at === null ? account : undefined;
}

/**
 * `findAccountById`, the row kept from a deletion until the transaction `trx` ends (PostgreSQL):
 * a request assigned to the account meanwhile is seen by the deletion, or the assignment waits
 * and finds the account gone (decision 015).
 */
export async function findAccountByIdKept(trx: Db, id: number): Promise<Account | undefined> {
  const account = await findUserByIdKept(trx, id);
  return account && account.deleted_at === null ? account : undefined;
}

/**
 * `findAccountById`, the row held until the transaction `trx` ends (PostgreSQL; SQLite has a single
 * writer): the category a draft's service is chosen by and the change of that category are read
 * and written one after the other, never both on what the other has not committed yet.
 */
export async function findAccountByIdHeld(trx: Db, id: number): Promise<Account | undefined> {
  const account = await findUserByIdHeld(trx, id);
  return account && account.deleted_at === null ? account : undefined;
}

/**
 * Whether the account is deleted (or never existed), its row held to the end of the transaction
 * `trx` on PostgreSQL: a deletion holds it first, so a request is never submitted for an account
 * being deleted, nor left in progress by a deletion that missed its submission (decision 052).
 */
export async function isAccountGoneHeld(trx: Db, id: number): Promise<boolean> {
  const row = await holdUserRow(trx, id);
  return !row || row.deleted_at !== null;
}

export async function findAccountByEmail(db: Db, email: string): Promise<Account | undefined> {
  const account = await findUserByEmail(db, email.trim().toLowerCase());
  return account && account.deleted_at === null ? account : undefined;
}

export type NewAccount = {
  email: string;
  firstName: string;
  lastName: string;
  birthDate: string | null;
  role: Role;
  category: UserCategory;
  locale: Locale;
  /** Whether `locale` was settled (`accountLocale`); a staff account created without one was not. */
  isLocaleChosen: boolean;
  hasMarketingConsent: boolean;
  hasAcceptedTerms: boolean;
  now: string;
};

/**
 * An account's language at its first visit (decision 099): the one chosen for it, else the one its
 * browser asks for. An applicant's first visit is their registration; a staff account's, created
 * without `user:create --locale`, its first login (`takeBrowserLocale`). Once settled it stays.
 */
export const accountLocale = (chosen: Locale | null | undefined, browser: Locale): Locale =>
  chosen ?? browser;

/**
 * At a login: an account whose language was never settled takes the browser's, once; a chosen
 * one (registration, `--locale`, the profile) is never overwritten, even one chosen after `account`
 * was read (the write is conditional on none being chosen).
 */
export async function takeBrowserLocale(
  db: Db,
  account: Account,
  browser: Locale,
  now: string,
): Promise<void> {
  if (account.locale_chosen_at !== null) return;
  await settleUnchosenLocale(db, account.id, { locale: accountLocale(null, browser), now });
}

/** A new account is inactive: activation by emailed token sets its password. */
export function createAccount(db: Db, account: NewAccount): Promise<number> {
  return insertUser(db, {
    email: account.email.trim().toLowerCase(),
    role: account.role,
    category: account.category,
    locale: account.locale,
    locale_chosen_at: account.isLocaleChosen ? account.now : null,
    first_name: account.firstName,
    last_name: account.lastName,
    birth_date: account.birthDate,
    marketing_consent_at: account.hasMarketingConsent ? account.now : null,
    terms_accepted_at: account.hasAcceptedTerms ? account.now : null,
    created_at: account.now,
    updated_at: account.now,
  });
}

/**
 * An applicant's account never activated, registered again: it takes the latest registration's
 * details, as a new account would, so that whoever registered the email first does not decide them.
 * An account activated since the caller read it keeps the details it was activated with (the
 * activation wins, decision 106): false then, and nothing changed.
 */
export const replacePendingRegistration = (
  db: Db,
  id: number,
  account: Omit<NewAccount, 'email' | 'role'>,
): Promise<boolean> =>
  updatePendingApplicant(db, id, {
    category: account.category,
    locale: account.locale,
    locale_chosen_at: account.isLocaleChosen ? account.now : null,
    first_name: account.firstName,
    middle_name: null,
    last_name: account.lastName,
    birth_date: account.birthDate,
    marketing_consent_at: account.hasMarketingConsent ? account.now : null,
    terms_accepted_at: account.hasAcceptedTerms ? account.now : null,
    updated_at: account.now,
  });

/**
 * Activation by the emailed link: the password set, and the consents the account holds (newsletter,
 * terms: the latest registration's) recorded as of now, when the mailbox's owner confirmed them by
 * opening the link, not as of whichever registration typed them (decision 106).
 */
export async function activateAccount(db: Db, id: number, passwordHash: string, now: string): Promise<void> {
  await updateUser(db, id, { password_hash: passwordHash, activated_at: now, updated_at: now });
  await restampSetFlags(db, id, ['marketing_consent_at', 'terms_accepted_at'], now);
}

export const setPassword = (db: Db, id: number, passwordHash: string, now: string) =>
  updateUser(db, id, { password_hash: passwordHash, updated_at: now });

/** A secret shown to the user but not in force until they prove their app holds it. */
export const setPendingTwoFactorSecret = (db: Db, id: number, secret: string, now: string) =>
  updateUser(db, id, { two_factor_pending_secret: secret, updated_at: now });

/** Turns two factors on, only if they are off: false when another call turned them on first. */
export const enableTwoFactor = (db: Db, id: number, secret: string, counter: number, now: string) =>
  updateUserWithoutTwoFactor(db, id, {
    two_factor_secret: secret,
    two_factor_pending_secret: null,
    two_factor_enabled_at: now,
    two_factor_last_counter: counter,
    updated_at: now,
  });

export const disableTwoFactor = (db: Db, id: number, now: string) =>
  updateUser(db, id, {
    two_factor_secret: null,
    two_factor_pending_secret: null,
    two_factor_enabled_at: null,
    two_factor_last_counter: null,
    updated_at: now,
  });

/** Accepts a TOTP time step once: false when it (or a later one) was used already. */
export const acceptTotpCounter = (db: Db, id: number, counter: number) => advanceTotpCounter(db, id, counter);

/**
 * Erases the personal data of a closed account and keeps the row, whose id later records
 * (invoices, requests) must still reference: role, category, locale and dates of creation and deletion.
 */
export const anonymiseAccount = (db: Db, id: number, now: string) =>
  updateUser(db, id, {
    email: `deleted-user-${id}@deleted.invalid`,
    password_hash: null,
    first_name: '',
    middle_name: null,
    last_name: '',
    birth_date: null,
    birth_country: null,
    birth_city: null,
    nationality: null,
    document_number: null,
    document_issue_country: null,
    document_expiration_date: null,
    phone: null,
    gender: null,
    residence_country: null,
    address: null,
    city: null,
    zip_code: null,
    province: null,
    municipality: null,
    tax_id: null,
    tax_id_omocodia_confirmed_at: null,
    marketing_consent_at: null,
    two_factor_secret: null,
    two_factor_pending_secret: null,
    two_factor_enabled_at: null,
    two_factor_last_counter: null,
    deleted_at: now,
    updated_at: now,
  });
