import { activateSchema } from '@lisbon/domain';
import { Anchor, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeading } from '@/shared/ui/PageHeading';
import { PageLoading } from '@/shared/ui/PageLoading';
import { showSuccess } from '@/shared/ui/toast';
import { activate } from '../api/auth';
import { useLinkState } from '../api/linkCheck';
import { AccountActive, useIsLoggedIn } from '../components/AccountActive';
import { NewPasswordForm } from '../components/NewPasswordForm';
import { TokenNotFound } from '../components/TokenNotFound';

/** /auth/activate/{token}: the emailed link; choosing the password activates the account. */
export function ActivatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const linkState = useLinkState(token, 'activation');
  const [isNotFound, setNotFound] = useState(false);
  const [isUsed, setUsed] = useState(false);
  const isLoggedIn = useIsLoggedIn();

  if (linkState === 'checking') return <PageLoading title={t('pages.activate.title')} />;
  // An old link opened while logged in: the account is active, no new activation mail to ask for.
  if (isLoggedIn && (isNotFound || isUsed || linkState === 'dead' || linkState === 'used'))
    return <AccountActive />;
  // A link already used, logged out: the account is active, and the login is the way in.
  if (isUsed || linkState === 'used') return <AccountActive isLoggedIn={false} />;
  if (isNotFound || linkState === 'dead') {
    // Unknown or expired, or used so long ago the purge forgot it (a day after its expiry): a new
    // activation mail never comes to an account already active, so say how in too.
    return (
      <TokenNotFound
        requestPath="/auth/activate"
        requestLabel={t('auth.activate.requestNew')}
        others={
          <>
            <Anchor component={Link} to="/auth/login">
              {t('auth.activate.alreadyActive')}
            </Anchor>
            <Anchor component={Link} to="/auth/recover-password">
              {t('auth.login.forgotPassword')}
            </Anchor>
          </>
        }
      />
    );
  }
  return (
    <Stack gap="md">
      <PageHeading>{t('pages.activate.title')}</PageHeading>
      <Text>{t('pages.activate.purpose')}</Text>
      <NewPasswordForm
        name="activate"
        schema={activateSchema}
        token={token}
        submitLabel={t('auth.activate.submit')}
        failure={t('messages.activationFailed')}
        send={activate}
        onDone={({ email }) => {
          showSuccess(t('messages.accountActivated'));
          // The login form starts from the account's email (`LoginForm`).
          void navigate('/auth/login', { replace: true, state: { email } });
        }}
        onTokenNotFound={() => setNotFound(true)}
        onAccountActive={() => setUsed(true)}
      />
    </Stack>
  );
}
