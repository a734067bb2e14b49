import {
  acknowledgementSchema,
  closesOnAccountDeletion,
  type Locale,
  MAX_PER_PAGE,
  practiceSummarySchema,
  type ProfileUpdate,
  recoveryCodesSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  type updatePasswordSchema,
  type User,
  type UserUpdate,
  userSchema,
} from '@lisbon/domain';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/api';
import { changeLocale } from '@/shared/i18n';
import { currentUserQuery } from '@/shared/session/currentUser';

/** The account calls of spec §7 (users/{id}, profile) and the settings calls of the auth table. */

export const updateUser = async (id: number, changes: UserUpdate) =>
  (await api.update('users', id, changes, { schema: userSchema })).data;

/** PATCH /profile: the interface language and the marketing consent. */
export const updateProfile = async (changes: ProfileUpdate) =>
  (await api.update('profile', null, changes, { schema: userSchema })).data;

export const changePassword = async (input: z.output<typeof updatePasswordSchema>) =>
  (await api.create('auth/update-password', input, { schema: acknowledgementSchema })).data.message;

export const setUpTwoFactor = async () =>
  (await api.create('auth/2fa/setup', undefined, { schema: twoFactorSetupSchema })).data;

export const enableTwoFactor = async (code: string) =>
  (await api.create('auth/2fa/enable', { code }, { schema: recoveryCodesSchema })).data.recovery_codes;

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

/** Puts the API's latest copy of the user, or a change to it, in the session's cache. */
export function useStoreUser() {
  const queryClient = useQueryClient();
  return (update: User | ((user: User) => User)) =>
    queryClient.setQueryData(currentUserQuery.queryKey, (current) =>
      typeof update === 'function' ? (current ? update(current) : current) : update,
    );
}

/**
 * Switches the interface language and, for a logged-in user, saves it as the profile's locale
 * (PATCH /profile), the language of the user's mails.
 */
export function useSaveLocale() {
  const storeUser = useStoreUser();
  return async (locale: Locale, user: User | undefined) => {
    await changeLocale(locale);
    if (user && user.locale !== locale) storeUser(await updateProfile({ locale }));
  };
}
