import { emailOnlySchema } from '@lisbon/domain';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { errorMessage, failureMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { PageHeading } from '@/shared/ui/PageHeading';
import { showSuccess } from '@/shared/ui/toast';

type Props = {
  name: string;
  title: string;
  intro: string;
  submitLabel: string;
  /** Sends the mail; answers the API's neutral acknowledgement. */
  send: (email: string) => Promise<string>;
};

/**
 * Asks for a mail by address: a new activation link or a password reset link. The answer is the
 * same whether or not the address has an account ('Mail sent'), so it reveals nothing.
 */
export function EmailRequestForm({ name, title, intro, submitLabel, send }: Props) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const { form, submit, showServerErrors } = useSchemaForm({
    name,
    schema: emailOnlySchema,
    initialValues: { email: '' },
  });

  const onSubmit = submit(async ({ email }) => {
    setFailure(null);
    try {
      setSent(await send(email));
      showSuccess(t('messages.mailSent'));
    } catch (error) {
      if (!showServerErrors(error)) setFailure(failureMessage(error, errorMessage(error, t)));
    }
  });

  if (sent !== null) {
    return (
      <Stack gap="md">
        <PageHeading focusOnMount>{t('messages.mailSent')}</PageHeading>
        <Text>{sent}</Text>
        <Anchor component={Link} to="/auth/login">
          {t('auth.backToLogin')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <PageHeading>{title}</PageHeading>
        <Text>{intro}</Text>
        <FormAlert message={failure} />
        <TextInput
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={form.submitting}>
          {submitLabel}
        </Button>
        <Anchor component={Link} to="/auth/login" size="sm">
          {t('auth.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
