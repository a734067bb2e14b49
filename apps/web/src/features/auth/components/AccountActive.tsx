import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '@/shared/session/currentUser';
import { PageHeading } from '@/shared/ui/PageHeading';

/** Whether someone is logged in here: their account is active, whatever an activation page would ask. */
export const useIsLoggedIn = () => useCurrentUser().data !== undefined;

/**
 * An activation page whose account is active: opened while logged in (an old activation link, the
 * "resend" page), no new link to ask for nor mail to look for, only the way on; or, logged out, an
 * activation link already used (`isLoggedIn` false), the way in: log in, or recover the password.
 */
export function AccountActive({ isLoggedIn = true }: { isLoggedIn?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageHeading focusOnMount>{t('auth.active.title')}</PageHeading>
      {isLoggedIn ? (
        <>
          <Text>{t('auth.active.body')}</Text>
          <Anchor component={Link} to="/practices">
            {t('auth.active.link')}
          </Anchor>
        </>
      ) : (
        <>
          <Text>{t('auth.active.usedLink')}</Text>
          <Anchor component={Link} to="/auth/login">
            {t('auth.active.logIn')}
          </Anchor>
          <Anchor component={Link} to="/auth/recover-password">
            {t('auth.login.forgotPassword')}
          </Anchor>
        </>
      )}
    </Stack>
  );
}
