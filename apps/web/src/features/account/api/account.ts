import {
  acknowledgementSchema,
  closesOnAccountDeletion,
  type logoutEverywhereSchema,
  MAX_PER_PAGE,
  practiceSummarySchema,
  sessionSchema,
  twoFactorEnabledSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  type updatePasswordSchema,
  type UserUpdate,
  userSchema,
} from '@lisbon/domain';
import { z } from 'zod';
import { api } from '@/api';
import { startSession } from '@/shared/session/session';

/** The account calls of spec §7 (users/{id}, profile) and the settings calls of the auth table. */

export const updateUser = async (id: number, changes: UserUpdate) =>
  (await api.update('users', id, changes, { schema: userSchema })).data;

export const changePassword = async (input: z.output<typeof updatePasswordSchema>) =>
  (await api.create('auth/update-password', input, { schema: acknowledgementSchema })).data.message;

export const setUpTwoFactor = async () =>
  (await api.create('auth/2fa/setup', undefined, { schema: twoFactorSetupSchema })).data;

/**
 * POST /auth/2fa/enable: the API ends every session of the account, this one too, and answers a
 * new one beside the recovery codes (decision 013): it is kept as a login's is.
 */
export async function enableTwoFactor(input: { code: string; current_password: string }) {
  const { data } = await api.create('auth/2fa/enable', input, { schema: twoFactorEnabledSchema });
  startSession(data, { isPreviousEnded: true });
  return data.recovery_codes;
}

/**
 * POST /auth/logout-everywhere: the API ends every session of the account, on every device, this
 * one too, and answers a new one for this device (decision 013): it is kept as a login's is.
 */
export async function logOutEverywhere(input: z.output<typeof logoutEverywhereSchema>) {
  const { data } = await api.create('auth/logout-everywhere', input, { schema: sessionSchema });
  startSession(data, { isPreviousEnded: true });
}

export const disableTwoFactor = async (code: string) =>
  (await api.create('auth/2fa/disable', { code }, { schema: twoFactorStatusSchema })).data;

/** The requests a deletion would close (decision 052): the current ones, but drafts. */
export async function requestsInProgress() {
  const { data } = await api.list(
    'practices',
    { view: 'current', perPage: MAX_PER_PAGE, sort: 'id' },
    { schema: z.array(practiceSummarySchema) },
  );
  return data.filter((practice) => closesOnAccountDeletion(practice.status));
}

/** DELETE /users/{id}, confirmed by the account's own email. */
export const deleteAccount = async (id: number, email: string) => {
  await api.remove('users', id, { body: { email } });
};

export { updateProfile, useSaveLocale, useStoreUser } from './profile';
