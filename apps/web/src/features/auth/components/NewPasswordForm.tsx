import type { activateSchema } from '@lisbon/domain';
import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PasswordChecklist } from '@/shared/forms/PasswordChecklist';
import { PasswordField } from '@/shared/forms/PasswordField';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { failureMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { isAccountAlreadyActive, isTokenNotFound } from '../api/linkCheck';

type TokenPasswordSchema = typeof activateSchema;

type Props<Answer> = {
  name: string;
  /** `activateSchema` or `resetPasswordSchema`: a token and a new password, confirmed. */
  schema: TokenPasswordSchema;
  token: string;
  submitLabel: string;
  /** The spec's message when the call fails for another reason than the fields or the token. */
  failure: string;
  send: (input: z.output<TokenPasswordSchema>) => Promise<Answer>;
  /** Called with the API's answer once the password is set. */
  onDone: (answer: Answer) => void;
  onTokenNotFound: () => void;
  /** The link was used meanwhile (another tab, a double click): its account is active. */
  onAccountActive?: () => void;
};

/** Chooses a password with an emailed token: activation and reset (spec §2). */
export function NewPasswordForm<Answer>({
  name,
  schema,
  token,
  submitLabel,
  failure,
  send,
  onDone,
  onTokenNotFound,
  onAccountActive,
}: Props<Answer>) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<string | null>(null);
  const { form, submit, showServerErrors } = useSchemaForm({
    name,
    schema,
    initialValues: { token, password: '', password_confirmation: '' },
  });

  const onSubmit = submit(async (input) => {
    setMessage(null);
    let answer: Answer;
    try {
      answer = await send(input);
    } catch (error) {
      if (isTokenNotFound(error)) onTokenNotFound();
      else if (onAccountActive && isAccountAlreadyActive(error)) onAccountActive();
      else if (!showServerErrors(error)) setMessage(failureMessage(error, failure));
      return;
    }
    onDone(answer);
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormAlert message={message} />
        <PasswordField
          label={t('auth.fields.newPassword')}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordChecklist password={form.values.password} />
        <PasswordField
          label={t('auth.fields.passwordConfirmation')}
          autoComplete="new-password"
          required
          {...form.getInputProps('password_confirmation')}
        />
        <Button type="submit" loading={form.submitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
