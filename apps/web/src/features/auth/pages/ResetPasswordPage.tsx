import { resetPasswordSchema } from '@lisbon/domain';
import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeading } from '@/shared/ui/PageHeading';
import { PageLoading } from '@/shared/ui/PageLoading';
import { showSuccess } from '@/shared/ui/toast';
import { resetPassword } from '../api/auth';
import { useLinkState } from '../api/linkCheck';
import { NewPasswordForm } from '../components/NewPasswordForm';
import { TokenNotFound } from '../components/TokenNotFound';

/** /auth/reset-password/{token}: the emailed link to set a new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const linkState = useLinkState(token, 'password_reset');
  const [isNotFound, setNotFound] = useState(false);

  if (linkState === 'checking') return <PageLoading title={t('pages.resetPassword.title')} />;
  if (isNotFound || linkState === 'dead') {
    return <TokenNotFound requestPath="/auth/recover-password" requestLabel={t('messages.requestNewLink')} />;
  }
  return (
    <Stack gap="md">
      <PageHeading>{t('pages.resetPassword.title')}</PageHeading>
      <Text>{t('pages.resetPassword.purpose')}</Text>
      <NewPasswordForm
        name="reset-password"
        schema={resetPasswordSchema}
        token={token}
        submitLabel={t('auth.reset.submit')}
        failure={t('messages.resetFailed')}
        send={resetPassword}
        onDone={() => {
          showSuccess(t('messages.passwordUpdated'));
          void navigate('/auth/login', { replace: true });
        }}
        onTokenNotFound={() => setNotFound(true)}
      />
    </Stack>
  );
}
