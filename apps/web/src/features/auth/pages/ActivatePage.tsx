import { activateSchema } from '@lisbon/domain';
import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeading } from '@/shared/ui/PageHeading';
import { showSuccess } from '@/shared/ui/toast';
import { activate } from '../api/auth';
import { NewPasswordForm } from '../components/NewPasswordForm';
import { TokenNotFound } from '../components/TokenNotFound';

/** /auth/activate/{token}: the emailed link; choosing the password activates the account. */
export function ActivatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  // A link that cannot be a token is refused at once, without asking the API.
  const [isNotFound, setNotFound] = useState(!activateSchema.shape.token.safeParse(token).success);

  if (isNotFound) {
    return <TokenNotFound requestPath="/auth/activate" requestLabel={t('auth.activate.requestNew')} />;
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
        onDone={() => {
          showSuccess(t('messages.accountActivated'));
          void navigate('/auth/login', { replace: true });
        }}
        onTokenNotFound={() => setNotFound(true)}
      />
    </Stack>
  );
}
