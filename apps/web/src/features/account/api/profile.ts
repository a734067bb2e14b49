import type { Locale, ProfileUpdate, User } from '@lisbon/domain';
import { userSchema } from '@lisbon/domain';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/api';
import { changeLocale } from '@/shared/i18n';
import { currentUserQuery } from '@/shared/session/currentUser';

// Apart from account.ts: the language switch of every page's header saves the language, and
// needs none of the account page's calls and schemas (decision 079).

/** PATCH /profile: the interface language and the marketing consent. */
export const updateProfile = async (changes: ProfileUpdate) =>
  (await api.update('profile', null, changes, { schema: userSchema })).data;

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
