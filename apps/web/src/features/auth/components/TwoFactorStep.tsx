import { type Session, twoFactorCodeSchema } from '@lisbon/domain';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { errorMessage, failureMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { PageHeading } from '@/shared/ui/PageHeading';
import { abandonLogin, verifySecondFactor } from '../api/auth';

type Props = {
  session: Session;
  /** The session that passed the second step: a new token, the first one has ended. */
  onVerified: (session: Session) => Promise<void> | void;
  onCancel: () => void;
};

/** Second step of a login with two factors: a code of the authenticator app, or a recovery code. */
export function TwoFactorStep({ session, onVerified, onCancel }: Props) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const { form, submit, showServerErrors } = useSchemaForm({
    name: 'second-factor',
    schema: twoFactorCodeSchema,
    initialValues: { code: '' },
  });

  const onSubmit = submit(async ({ code }) => {
    setFailure(null);
    let verified: Session;
    try {
      verified = await verifySecondFactor(session.access_token, code);
    } catch (error) {
      if (!showServerErrors(error)) setFailure(failureMessage(error, errorMessage(error, t)));
      return;
    }
    await onVerified(verified);
  });

  const cancel = () => {
    void abandonLogin(session.access_token);
    onCancel();
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <PageHeading focusOnMount>{t('auth.twoFactor.title')}</PageHeading>
        <Text>{t('auth.twoFactor.intro')}</Text>
        <FormAlert message={failure} />
        <TextInput
          label={t('auth.twoFactor.code')}
          description={t('auth.twoFactor.codeHelp')}
          autoComplete="one-time-code"
          spellCheck={false}
          required
          {...form.getInputProps('code')}
        />
        <Group gap="sm">
          <Button type="submit" loading={form.submitting}>
            {t('auth.twoFactor.submit')}
          </Button>
          <Button type="button" variant="subtle" onClick={cancel}>
            {t('auth.twoFactor.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
