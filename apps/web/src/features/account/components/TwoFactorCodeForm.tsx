import { twoFactorCodeSchema, twoFactorEnableSchema } from '@lisbon/domain';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/shared/forms/PasswordField';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { failureMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';

type Props = {
  name: string;
  label: string;
  description: string;
  submitLabel: string;
  submitColor?: string;
  /** Asks the account's current password above the code (turning two factors on). */
  withCurrentPassword?: boolean;
  send: (input: { code: string; current_password: string }) => Promise<void>;
  extraAction?: ReactNode;
};

/** A code of the authenticator app (or a recovery code) that confirms a two-factor change. */
export function TwoFactorCodeForm({
  name,
  label,
  description,
  submitLabel,
  submitColor,
  withCurrentPassword = false,
  send,
  extraAction,
}: Props) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const { form, submit, showServerErrors } = useSchemaForm({
    name,
    schema: withCurrentPassword ? twoFactorEnableSchema : twoFactorCodeSchema,
    initialValues: { code: '', current_password: '' },
  });

  const onSubmit = submit(async (input) => {
    setFailure(null);
    try {
      await send({ current_password: '', ...input });
    } catch (error) {
      // A wrong code is named on the field; anything else gets the spec's words.
      if (!showServerErrors(error)) setFailure(failureMessage(error, t('messages.tryAgainOrContact')));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={480}>
        <FormAlert message={failure} />
        {withCurrentPassword && (
          <PasswordField
            label={t('account.password.current')}
            autoComplete="current-password"
            required
            {...form.getInputProps('current_password')}
          />
        )}
        <TextInput
          label={label}
          description={description}
          autoComplete="one-time-code"
          spellCheck={false}
          required
          {...form.getInputProps('code')}
        />
        <Group gap="sm">
          <Button type="submit" color={submitColor} loading={form.submitting}>
            {submitLabel}
          </Button>
          {extraAction}
        </Group>
      </Stack>
    </form>
  );
}
