import type { UserCategory } from '@lisbon/domain';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '@/shared/ui/PageHeading';
import { RegisterForm } from '../components/RegisterForm';

/** /auth/register and /auth/register/refugee: the same form, each with its own intro and terms. */
export function RegisterPage({ category }: { category: UserCategory }) {
  const { t } = useTranslation();
  const [isRegistered, setRegistered] = useState(false);
  const isRefugee = category === 'refugee';

  // 'Registration successful' once, as the heading: no toast, and not the API's sentence that
  // repeats it and the mailbox (issue 33).
  if (isRegistered) {
    return (
      <Stack gap="md">
        <PageHeading focusOnMount>{t('messages.registered')}</PageHeading>
        <Text>{t('auth.register.checkMailbox')}</Text>
        <Anchor component={Link} to="/auth/login">
          {t('auth.register.goToLogin')}
        </Anchor>
        <Anchor component={Link} to="/auth/activate">
          {t('auth.register.noMail')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <PageHeading>{t(isRefugee ? 'pages.registerRefugee.title' : 'pages.register.title')}</PageHeading>
      {isRefugee ? (
        <Alert color="blue" variant="light" role="note" title={t('auth.register.refugeeIntroTitle')}>
          <Stack gap="xs">
            <Text size="sm">{t('pages.registerRefugee.purpose')}</Text>
            <Text size="sm">{t('auth.register.refugeeProof')}</Text>
          </Stack>
        </Alert>
      ) : (
        <Text>
          {t('pages.register.purpose')}{' '}
          <Anchor component={Link} to="/auth/register/refugee">
            {t('auth.register.refugeeLink')}
          </Anchor>
        </Text>
      )}
      <RegisterForm category={category} onRegistered={() => setRegistered(true)} />
    </Stack>
  );
}
