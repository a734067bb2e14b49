import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { profileFieldId } from '@/shared/session/profileFields';
import { CountrySelect } from '@/shared/ui/CountrySelect';
import type { DetailsForm } from './detailsForm';

/** Address details (spec §3 User): where the user lives; country, address and city complete an applicant's account. */
export function AddressFields({ form, isApplicant }: { form: DetailsForm; isApplicant: boolean }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <CountrySelect
        label={t('account.fields.residenceCountry')}
        id={profileFieldId('residence_country')}
        required={isApplicant}
        {...form.getInputProps('residence_country')}
      />
      <TextInput
        label={t('account.fields.address')}
        id={profileFieldId('address')}
        required={isApplicant}
        autoComplete="street-address"
        {...form.getInputProps('address')}
      />
      <TextInput
        label={t('account.fields.city')}
        id={profileFieldId('city')}
        required={isApplicant}
        autoComplete="address-level2"
        {...form.getInputProps('city')}
      />
      <TextInput
        label={t('account.fields.zipCode')}
        autoComplete="postal-code"
        {...form.getInputProps('zip_code')}
      />
      <TextInput
        label={t('account.fields.province')}
        autoComplete="address-level1"
        {...form.getInputProps('province')}
      />
      <TextInput label={t('account.fields.municipality')} {...form.getInputProps('municipality')} />
    </SimpleGrid>
  );
}
