import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '@/shared/session/currentUser';
import { PageHeading } from '@/shared/ui/PageHeading';

/** Whether someone is logged in here: their account is active, whatever an activation page would ask. */
export const useIsLoggedIn = () => useCurrentUser().data !== undefined;

/**
 * An activation page opened while logged in (an old activation link, the "resend" page): the
 * account is active, so no new link to ask for nor mail to look for, only the way on.
 */
export function AccountActive() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageHeading focusOnMount>{t('auth.active.title')}</PageHeading>
      <Text>{t('auth.active.body')}</Text>
      <Anchor component={Link} to="/practices">
        {t('auth.active.link')}
      </Anchor>
    </Stack>
  );
}
