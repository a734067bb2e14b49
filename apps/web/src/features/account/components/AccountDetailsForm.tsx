import { formatPhoneForReading, type User, userUpdateSchemaAt } from '@lisbon/domain';
import { Button, Fieldset, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { errorMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { showSuccess } from '@/shared/ui/toast';
import { updateUser, useStoreUser } from '../api/account';
import { AddressFields } from './AddressFields';
import { detailsFromUser, detailsToInput } from './detailsForm';
import { GeneralInfoFields } from './GeneralInfoFields';
import { MissingDetails } from './MissingDetails';
import { PersonalDetailsFields } from './PersonalDetailsFields';

/** Adults only by the browser's date here, ahead of the API, which decides by its own clock. */
const formSchema = userUpdateSchemaAt(() => new Date());

/** Complete account (spec §2): general info, personal details, address details, saved together. */
export function AccountDetailsForm({ user }: { user: User }) {
  const { t } = useTranslation();
  // Applicants complete the account with PROFILE_FIELDS; staff file no requests.
  const isApplicant = user.abilities['staff.workspace'] !== true;
  const storeUser = useStoreUser();
  const [failure, setFailure] = useState<string | null>(null);
  const { form, submit, showServerErrors } = useSchemaForm({
    name: 'account-details',
    schema: formSchema,
    initialValues: detailsFromUser(user),
    toInput: detailsToInput,
  });

  const onSubmit = submit(async (changes) => {
    setFailure(null);
    try {
      const saved = await updateUser(user.id, changes);
      storeUser(saved);
      // The number as the portal read it, with its country code: a national one took the prefix of
      // the country of residence.
      form.setFieldValue('phone', saved.phone ? formatPhoneForReading(saved.phone) : '');
    } catch (error) {
      if (!showServerErrors(error)) setFailure(errorMessage(error, t));
      return;
    }
    showSuccess(t('messages.accountUpdated'));
  });

  return (
    <section aria-labelledby="account-details-title">
      <Title order={2} id="account-details-title" mb="xs">
        {t(isApplicant ? 'account.details.title' : 'account.details.titleStaff')}
      </Title>
      {/* What the details are for speaks to applicants; staff file no requests. */}
      <Text mb="md">{t(isApplicant ? 'account.details.intro' : 'account.details.introStaff')}</Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          <FormAlert message={failure} />
          <MissingDetails user={user} />
          <Fieldset legend={t('account.details.general')}>
            <GeneralInfoFields form={form} user={user} />
          </Fieldset>
          <Fieldset legend={t('account.details.personal')}>
            <PersonalDetailsFields form={form} isApplicant={isApplicant} />
          </Fieldset>
          {/* The address, birth, identity document and tax ID are what a request needs: applicants only. */}
          {isApplicant && (
            <Fieldset legend={t('account.details.address')}>
              <AddressFields form={form} isApplicant={isApplicant} />
            </Fieldset>
          )}
          <Button type="submit" loading={form.submitting} w="fit-content">
            {t('account.details.submit')}
          </Button>
        </Stack>
      </form>
    </section>
  );
}
