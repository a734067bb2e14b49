import { documentExpiryWarning, GENDERS, isOmocodicTaxId } from '@lisbon/domain';
import { Checkbox, Group, Radio, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DocumentExpiryWarning } from '@/shared/documents/DocumentExpiryWarning';
import { DateField } from '@/shared/forms/DateField';
import { radioTabIndex } from '@/shared/forms/radioTabStop';
import { profileFieldId } from '@/shared/session/profileFields';
import { CountrySelect } from '@/shared/ui/CountrySelect';
import type { DetailsForm } from './detailsForm';

/**
 * Personal details (spec §3 User): names, birth, nationality, gender, identity document, tax ID;
 * an applicant's account is complete with the birth, nationality and document number too.
 */
export function PersonalDetailsFields({ form, isApplicant }: { form: DetailsForm; isApplicant: boolean }) {
  const { t } = useTranslation();
  const { values } = form;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <TextInput
        label={t('account.fields.firstName')}
        autoComplete="given-name"
        required
        {...form.getInputProps('first_name')}
      />
      <TextInput
        label={t('account.fields.middleName')}
        autoComplete="additional-name"
        {...form.getInputProps('middle_name')}
      />
      <TextInput
        label={t('account.fields.lastName')}
        autoComplete="family-name"
        required
        {...form.getInputProps('last_name')}
      />
      {isApplicant && (
        <>
          <DateField
            label={t('account.fields.birthDate')}
            description={t('account.fields.birthDateHelp')}
            autoComplete="bday"
            id={profileFieldId('birth_date')}
            required={isApplicant}
            {...form.getInputProps('birth_date')}
          />
          <CountrySelect
            label={t('account.fields.birthCountry')}
            id={profileFieldId('birth_country')}
            required={isApplicant}
            {...form.getInputProps('birth_country')}
          />
          <TextInput label={t('account.fields.birthCity')} {...form.getInputProps('birth_city')} />
          <CountrySelect
            label={t('account.fields.nationality')}
            id={profileFieldId('nationality')}
            required={isApplicant}
            {...form.getInputProps('nationality')}
          />
          <Radio.Group label={t('account.fields.gender')} {...form.getInputProps('gender')}>
            <Group gap="md" mt={6}>
              {GENDERS.map((gender) => (
                <Radio
                  key={gender}
                  value={gender}
                  label={t(`account.genders.${gender}`)}
                  tabIndex={radioTabIndex(values.gender, gender, GENDERS)}
                />
              ))}
            </Group>
          </Radio.Group>
          <TextInput
            label={t('account.fields.documentNumber')}
            id={profileFieldId('document_number')}
            required={isApplicant}
            {...form.getInputProps('document_number')}
          />
          <CountrySelect
            label={t('account.fields.documentIssueCountry')}
            {...form.getInputProps('document_issue_country')}
          />
          <DateField
            label={t('account.fields.documentExpirationDate')}
            description={
              documentExpiryWarning(values.document_expiration_date, new Date()) && (
                <DocumentExpiryWarning expirationDate={values.document_expiration_date} />
              )
            }
            {...form.getInputProps('document_expiration_date')}
          />
          <div>
            <TextInput
              label={t('account.fields.taxId')}
              description={t('account.fields.taxIdHelp')}
              autoComplete="off"
              spellCheck={false}
              {...form.getInputProps('tax_id')}
            />
            {isOmocodicTaxId(values.tax_id) && (
              <Checkbox
                mt="xs"
                label={t('account.fields.taxIdOmocodiaConfirm')}
                {...form.getInputProps('tax_id_omocodia_confirmed', { type: 'checkbox' })}
              />
            )}
          </div>
        </>
      )}
    </SimpleGrid>
  );
}
