import { DELIVERY_MODES, DIPLOMA_TYPES, STUDIES_TYPES } from '@lisbon/domain';
import { Fieldset, Group, NumberInput, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/shared/forms/DateField';
import { radioTabIndex } from '@/shared/forms/radioTabStop';
import { decimalSeparatorOf } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import type { QualificationForm } from './qualificationForm';

/** The programme: name, language, delivery, workload, dates (typed dd/mm/yyyy), diploma type. */
export function ProgrammeFields({ form }: { form: QualificationForm }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Fieldset legend={t('wizard.qualification.programmeLegend')}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('wizard.qualification.programme')}
            required
            {...form.getInputProps('study_program_name')}
          />
          <TextInput
            label={t('wizard.qualification.language')}
            description={t('wizard.qualification.languageHelp')}
            // The hint under its box, so the boxes side by side line up (md, lg), as the award date's.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
            {...form.getInputProps('study_program_locale')}
          />
        </SimpleGrid>
        <Radio.Group
          label={t('wizard.qualification.deliveryMode')}
          required
          {...form.getInputProps('delivery_mode')}
        >
          <Group gap="md" mt="xs">
            {DELIVERY_MODES.map((mode) => (
              <Radio
                key={mode}
                value={mode}
                label={t(`labels.deliveryMode.${mode}`)}
                tabIndex={radioTabIndex(form.values.delivery_mode, mode, DELIVERY_MODES)}
              />
            ))}
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Radio.Group
            label={t('wizard.qualification.studiesType')}
            required
            {...form.getInputProps('studies_type')}
          >
            <Group gap="md" mt="xs">
              {STUDIES_TYPES.map((type) => (
                <Radio
                  key={type}
                  value={type}
                  label={t(`labels.studiesType.${type}`)}
                  tabIndex={radioTabIndex(form.values.studies_type, type, STUDIES_TYPES)}
                />
              ))}
            </Group>
          </Radio.Group>
          <NumberInput
            label={t('wizard.qualification.credits')}
            description={t('wizard.qualification.creditsHelp')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            // 180,5 in Italian, 180.5 in English: the language's own way, half credits included.
            decimalSeparator={decimalSeparatorOf(locale)}
            decimalScale={2}
            allowNegative={false}
            {...form.getInputProps('credits')}
          />
        </SimpleGrid>
        {/* The dates' boxes on one line: three to a row only from `md`, where the longest label
            ("Data di conseguimento (gg/mm/aaaa)") fits on one line, and the award date's hint under
            its box, not above it. */}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          <DateField
            label={t('wizard.qualification.enrolledAt')}
            required
            {...form.getInputProps('enrolled_at')}
          />
          <DateField
            label={t('wizard.qualification.graduatedAt')}
            required
            {...form.getInputProps('graduated_at')}
          />
          <DateField
            label={t('wizard.qualification.issuedAt')}
            description={t('wizard.qualification.issuedAtHelp')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
            {...form.getInputProps('issued_at')}
          />
        </SimpleGrid>
        <Radio.Group
          label={t('wizard.qualification.diplomaType')}
          required
          {...form.getInputProps('diploma_type')}
        >
          <Group gap="md" mt="xs">
            {DIPLOMA_TYPES.map((type) => (
              <Radio
                key={type}
                value={type}
                label={t(`labels.diplomaType.${type}`)}
                tabIndex={radioTabIndex(form.values.diploma_type, type, DIPLOMA_TYPES)}
              />
            ))}
          </Group>
        </Radio.Group>
      </Stack>
    </Fieldset>
  );
}
