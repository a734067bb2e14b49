import { Checkbox, Fieldset, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '@/shared/ui/CountrySelect';
import type { QualificationForm } from './qualificationForm';

/** The qualification and its institution, with the teaching institution and awarding body when they differ. */
export function InstitutionFields({ form }: { form: QualificationForm }) {
  const { t } = useTranslation();
  const { values } = form;
  return (
    <Fieldset legend={t('wizard.qualification.institutionLegend')}>
      <Stack gap="md">
        <TextInput
          label={t('wizard.qualification.name')}
          description={t('wizard.qualification.nameHelp')}
          required
          {...form.getInputProps('qualification_name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <TextInput
            label={t('wizard.qualification.institution')}
            required
            {...form.getInputProps('institution_name')}
          />
          <CountrySelect
            label={t('wizard.qualification.institutionCountry')}
            required
            {...form.getInputProps('institution_country')}
          />
          <TextInput
            label={t('wizard.qualification.institutionCity')}
            required
            {...form.getInputProps('institution_city')}
          />
        </SimpleGrid>
        <Checkbox
          label={t('wizard.qualification.countryDiffers')}
          {...form.getInputProps('is_institution_country_different', { type: 'checkbox' })}
        />
        <Checkbox
          label={t('wizard.qualification.teachingDiffers')}
          {...form.getInputProps('is_teaching_institution_different', { type: 'checkbox' })}
        />
        {values.is_teaching_institution_different && (
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <TextInput
              label={t('wizard.qualification.teachingName')}
              required
              {...form.getInputProps('teaching_institution_name')}
            />
            <CountrySelect
              label={t('wizard.qualification.teachingCountry')}
              required
              {...form.getInputProps('teaching_institution_country')}
            />
            <TextInput
              label={t('wizard.qualification.teachingCity')}
              {...form.getInputProps('teaching_institution_city')}
            />
          </SimpleGrid>
        )}
        <Checkbox
          label={t('wizard.qualification.awardingDiffers')}
          {...form.getInputProps('is_awarding_body_different', { type: 'checkbox' })}
        />
        {values.is_awarding_body_different && (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label={t('wizard.qualification.awardingName')}
              required
              {...form.getInputProps('awarding_body_name')}
            />
            <CountrySelect
              label={t('wizard.qualification.awardingCountry')}
              required
              {...form.getInputProps('awarding_body_country')}
            />
          </SimpleGrid>
        )}
        <Checkbox
          label={t('wizard.qualification.awardingAccredited')}
          {...form.getInputProps('is_awarding_institution_accredited', { type: 'checkbox' })}
        />
        <Checkbox
          label={t('wizard.qualification.teachingAccredited')}
          {...form.getInputProps('is_teaching_institution_accredited', { type: 'checkbox' })}
        />
      </Stack>
    </Fieldset>
  );
}
