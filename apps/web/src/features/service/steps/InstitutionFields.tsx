import { countryName, isInstitutionCountryDifferent } from '@lisbon/domain';
import { Checkbox, Fieldset, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n';
import { CountrySelect } from '@/shared/ui/CountrySelect';
import type { QualificationForm } from './qualificationForm';

type Props = {
  form: QualificationForm;
  /** The request's country of education system, where the institution's country starts. */
  educationCountry: string;
};

/**
 * The qualification and its institution, with the teaching institution and awarding body when they
 * differ. Whether the institution's country differs from the education system's is not asked: it
 * follows from the country chosen, and is said only when it does (issue 33).
 */
export function InstitutionFields({ form, educationCountry }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { values } = form;
  const isCountryDifferent = isInstitutionCountryDifferent({
    institutionCountry: values.institution_country,
    educationCountry,
  });
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
          {/* The note on a country other than the education system's explains this choice: its
              description, under the box (the row's boxes still line up), read with it. */}
          <CountrySelect
            label={t('wizard.qualification.institutionCountry')}
            description={
              isCountryDifferent
                ? t('wizard.qualification.countryDiffers', { country: countryName(educationCountry, locale) })
                : undefined
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
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
