import {
  EDUCATION_LEVELS,
  type StudyEntry,
  type StudyEntryInput,
  studyEntryInputSchema,
} from '@lisbon/domain';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/shared/forms/DateField';
import { blankToNull, useSchemaForm } from '@/shared/forms/schemaForm';
import { CountrySelect } from '@/shared/ui/CountrySelect';
import { errorMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';

type Values = {
  qualification_name: string;
  institution_name: string;
  institution_country: string | null;
  institution_city: string;
  level: string | null;
  study_program_name: string;
  enrolled_at: string;
  graduated_at: string;
};

const valuesOf = (entry: StudyEntry | null): Values => ({
  qualification_name: entry?.qualification_name ?? '',
  institution_name: entry?.institution_name ?? '',
  institution_country: entry?.institution_country ?? null,
  institution_city: entry?.institution_city ?? '',
  level: entry?.level ?? null,
  study_program_name: entry?.study_program_name ?? '',
  enrolled_at: entry?.enrolled_at ?? '',
  graduated_at: entry?.graduated_at ?? '',
});

type Props = {
  entry: StudyEntry | null;
  onSave: (input: StudyEntryInput) => Promise<void>;
  onCancel: () => void;
};

/** One qualification of the study path, checked by the domain's `studyEntryInputSchema`. */
export function StudyEntryForm({ entry, onSave, onCancel }: Props) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const { form, submit, showServerErrors } = useSchemaForm({
    name: 'study-entry',
    schema: studyEntryInputSchema,
    initialValues: valuesOf(entry),
    // A level not chosen is absent ('This field is required'), not a wrong choice.
    toInput: (values) => ({ ...blankToNull(values), level: values.level ?? undefined }),
  });

  const onSubmit = submit(async (input) => {
    setFailure(null);
    try {
      await onSave(input);
    } catch (error) {
      if (!showServerErrors(error)) setFailure(errorMessage(error, t));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormAlert message={failure} />
        <TextInput
          label={t('study.fields.qualification')}
          required
          {...form.getInputProps('qualification_name')}
        />
        <Select
          label={t('study.fields.level')}
          required
          data={EDUCATION_LEVELS.map((level) => ({ value: level, label: t(`labels.level.${level}`) }))}
          {...form.getInputProps('level')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('study.fields.institution')}
            required
            {...form.getInputProps('institution_name')}
          />
          <CountrySelect
            label={t('study.fields.country')}
            required
            {...form.getInputProps('institution_country')}
          />
          <TextInput label={t('study.fields.city')} {...form.getInputProps('institution_city')} />
          <TextInput label={t('study.fields.programme')} {...form.getInputProps('study_program_name')} />
          <DateField label={t('study.fields.enrolledAt')} {...form.getInputProps('enrolled_at')} />
          <DateField label={t('study.fields.graduatedAt')} {...form.getInputProps('graduated_at')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t('study.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
