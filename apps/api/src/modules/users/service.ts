import {
  accountPhoneE164,
  checkTaxId,
  holdsCategory,
  holdsIdentity,
  STATEMENT_IDENTITY_FIELDS,
  userSchema,
  type FieldErrors,
  type ProfileUpdate,
  type User,
  type UserUpdate,
} from '@lisbon/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { AppError, fieldError } from '../../platform/errors';
import { refreshSearchText } from '../practice-records/search-text';
import { requireOwnUser } from '../sessions/guard';
import { isTwoFactorEnabled, toSessionUser, type SessionUser } from '../sessions/service';
import { findAccountById, findAccountByIdHeld } from './accounts';
import {
  findRequestStatusesOfUser,
  updateUser as updateUserRow,
  type UserPatch,
  type UserRow,
} from './repository';

export function toUser(row: UserRow): User {
  const { role, category, locale, abilities } = toSessionUser(row);
  return userSchema.parse({
    ...row,
    role,
    category,
    locale,
    abilities,
    tax_id_omocodia_confirmed: row.tax_id_omocodia_confirmed_at !== null,
    marketing_consent: row.marketing_consent_at !== null,
    two_factor_enabled: isTwoFactorEnabled(row),
  });
}

async function ownAccount(ctx: AppContext, actor: SessionUser, id: number): Promise<UserRow> {
  requireOwnUser(actor, id);
  const account = await findAccountById(ctx.db, id);
  if (!account) throw new AppError('NOT_FOUND');
  return account;
}

export async function getUser(ctx: AppContext, actor: SessionUser, id: number): Promise<User> {
  return toUser(await ownAccount(ctx, actor, id));
}

/** The complete-account fields, copied as given; the email is not among them (spec §3). */
const DETAIL_FIELDS = [
  'first_name',
  'middle_name',
  'last_name',
  'birth_date',
  'birth_country',
  'birth_city',
  'nationality',
  'document_number',
  'document_issue_country',
  'document_expiration_date',
  'phone',
  'gender',
  'residence_country',
  'address',
  'city',
  'zip_code',
  'province',
  'municipality',
  'tax_id',
] as const satisfies readonly (keyof UserUpdate & keyof UserPatch)[];

/** A flag kept as the time it was first set: keeps that time while true, clears it when false. */
const flagTime = (isSet: boolean, current: string | null, now: string) => (isSet ? (current ?? now) : null);

/**
 * PATCH /users/{id}. What the applicant's requests hold is checked and the change written in one
 * transaction, the account's row held (`findAccountByIdHeld`): a draft created at the same time
 * (POST /practices holds the row too) is either seen by the check, or made after the change, with
 * the service the new category gives.
 */
export async function updateUser(
  ctx: AppContext,
  actor: SessionUser,
  id: number,
  input: UserUpdate,
): Promise<User> {
  await ownAccount(ctx, actor, id);
  const now = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findAccountByIdHeld(trx, id);
    if (!row) throw new AppError('NOT_FOUND');
    await requireDetailsFree(trx, row, input);
    await updateUserRow(trx, id, { ...patchOf(row, input, now), updated_at: now });
    // Names and tax ID are what staff search finds the applicant's requests by (decision 069).
    await refreshSearchText(trx, { userId: id });
  });
  return getUser(ctx, actor, id);
}

/** The account's row as `input` changes it. */
function patchOf(row: UserRow, input: UserUpdate, now: string): UserPatch {
  const patch: UserPatch = Object.fromEntries(
    DETAIL_FIELDS.filter((field) => input[field] !== undefined).map((field) => [field, input[field]]),
  );
  if (input.phone) patch.phone = phoneOf(input.phone, input, row);
  if (input.marketing_consent !== undefined) {
    patch.marketing_consent_at = flagTime(input.marketing_consent, row.marketing_consent_at, now);
  }
  if (input.category !== undefined) patch.category = input.category;
  const taxId = input.tax_id === undefined ? row.tax_id : input.tax_id;
  const taxIdCheck = taxId ? checkTaxId(taxId) : null;
  const isOmocodic = taxIdCheck?.valid === true && taxIdCheck.isOmocodic;
  if (!isOmocodic) patch.tax_id_omocodia_confirmed_at = null;
  else if (input.tax_id_omocodia_confirmed !== undefined || input.tax_id !== undefined) {
    const isConfirmed = input.tax_id_omocodia_confirmed === true;
    patch.tax_id_omocodia_confirmed_at = flagTime(isConfirmed, row.tax_id_omocodia_confirmed_at, now);
  }
  return patch;
}

/**
 * The phone number in E.164, read in the country of residence (`accountPhoneE164`): the one given
 * with it, else the account's (a change of the phone alone); 422 `phoneInvalid` when it is not valid.
 */
function phoneOf(phone: string, input: UserUpdate, row: UserRow): string {
  const country = input.residence_country === undefined ? row.residence_country : input.residence_country;
  const e164 = accountPhoneE164(phone, country);
  if (!e164) throw fieldError('phone', 'phoneInvalid');
  return e164;
}

/**
 * What the applicant's requests hold of the account (422 on each field changed): the names and birth
 * date a statement will state, while a request is being evaluated (`holdsIdentity`), and the category
 * its service was chosen by, from the draft on (`holdsCategory`). Read in the transaction `trx` that
 * writes the change, the account's row held.
 */
async function requireDetailsFree(trx: Db, row: UserRow, input: UserUpdate): Promise<void> {
  const changed = STATEMENT_IDENTITY_FIELDS.filter(
    (field) => input[field] !== undefined && (input[field] ?? '') !== (row[field] ?? ''),
  );
  const isCategoryChanged = input.category !== undefined && input.category !== row.category;
  if (changed.length === 0 && !isCategoryChanged) return;
  const requests = await findRequestStatusesOfUser(trx, row.id);
  const errors: FieldErrors = {};
  if (requests.some(holdsIdentity)) for (const field of changed) errors[field] = ['identityHeldByRequest'];
  if (isCategoryChanged && requests.some(holdsCategory)) errors.category = ['categoryHeldByRequest'];
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', { errors });
}

/** PATCH /profile: the interface language and the marketing consent of the session's own user. */
export async function updateProfile(
  ctx: AppContext,
  actor: SessionUser,
  input: ProfileUpdate,
): Promise<User> {
  const row = await ownAccount(ctx, actor, actor.id);
  const now = ctx.clock.now().toISOString();
  const patch: UserPatch = { updated_at: now };
  if (input.locale) {
    patch.locale = input.locale;
    patch.locale_chosen_at = now;
  }
  if (input.marketing_consent !== undefined) {
    patch.marketing_consent_at = flagTime(input.marketing_consent, row.marketing_consent_at, now);
  }
  await updateUserRow(ctx.db, actor.id, patch);
  return getUser(ctx, actor, actor.id);
}
