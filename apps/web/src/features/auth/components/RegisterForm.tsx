import { registerSchemaAt, type UserCategory } from '@lisbon/domain';
import { Anchor, Button, Checkbox, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '@/shared/i18n';
import { DateField } from '@/shared/forms/DateField';
import { blankToNull, type FormValues, useSchemaForm } from '@/shared/forms/schemaForm';
import { failureMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { register } from '../api/auth';
import { TermsLink } from './TermsLink';

type Props = { category: UserCategory; onRegistered: (message: string) => void };

/** Adults only by the browser's date here, ahead of the API, which decides by its own clock. */
const formSchema = registerSchemaAt(() => new Date());

/** The fields of `registerSchema`; the terms must be accepted (spec §5). */
export function RegisterForm({ category, onRegistered }: Props) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const { form, submit, showServerErrors } = useSchemaForm({
    name: `register-${category}`,
    schema: formSchema,
    initialValues: {
      first_name: '',
      last_name: '',
      email: '',
      birth_date: '',
      accept_terms: false,
      marketing_consent: false,
    },
    toInput: (values: FormValues) => ({ ...blankToNull(values), category, locale: currentLocale() }),
  });

  const onSubmit = submit(async (input) => {
    setFailure(null);
    try {
      onRegistered(await register(input));
    } catch (error) {
      showServerErrors(error);
      setFailure(failureMessage(error, t('messages.registerFailed')));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormAlert message={failure} />
        {/* One name a line on phones, side by side from xs (600 px) up. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('auth.fields.firstName')}
            autoComplete="given-name"
            required
            {...form.getInputProps('first_name')}
          />
          <TextInput
            label={t('auth.fields.lastName')}
            autoComplete="family-name"
            required
            {...form.getInputProps('last_name')}
          />
        </SimpleGrid>
        <TextInput
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <DateField
          label={t('auth.fields.birthDate')}
          description={t('auth.register.adultsNote')}
          autoComplete="bday"
          required
          {...form.getInputProps('birth_date')}
        />
        <Stack gap={4}>
          <Checkbox
            label={t('auth.register.acceptTerms')}
            aria-invalid={form.errors.accept_terms ? true : undefined}
            {...form.getInputProps('accept_terms', { type: 'checkbox' })}
          />
          <TermsLink category={category} />
        </Stack>
        <Checkbox
          label={t('auth.register.marketingConsent')}
          {...form.getInputProps('marketing_consent', { type: 'checkbox' })}
        />
        <Button type="submit" loading={form.submitting}>
          {t('auth.register.submit')}
        </Button>
        <Anchor component={Link} to="/auth/login" size="sm">
          {t('auth.register.haveAccount')}
        </Anchor>
      </Stack>
    </form>
  );
}
