import { Checkbox, Fieldset, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QualificationForm } from './qualificationForm';

/** The holder's name as the diploma writes it, only when it differs from the account's. */
export function DiplomaNameFields({ form }: { form: QualificationForm }) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('wizard.qualification.nameLegend')}>
      <Stack gap="md">
        <Checkbox
          label={t('wizard.qualification.nameDiffers')}
          {...form.getInputProps('has_different_name', { type: 'checkbox' })}
        />
        {form.values.has_different_name && (
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <TextInput
              label={t('wizard.qualification.firstName')}
              {...form.getInputProps('diploma_first_name')}
            />
            <TextInput
              label={t('wizard.qualification.middleName')}
              {...form.getInputProps('diploma_middle_name')}
            />
            <TextInput
              label={t('wizard.qualification.lastName')}
              {...form.getInputProps('diploma_last_name')}
            />
          </SimpleGrid>
        )}
      </Stack>
    </Fieldset>
  );
}
