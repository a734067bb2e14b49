import { type Practice, qualificationStepSchemaAt } from '@lisbon/domain';
import { Anchor, Button, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { useUnsavedChanges } from '@/shared/forms/useUnsavedChanges';
import { useCurrentUser } from '@/shared/session/currentUser';
import { errorMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { saveQualification, studyEntriesQuery } from '../api/practices';
import { DiplomaNameFields } from './DiplomaNameFields';
import { InstitutionFields } from './InstitutionFields';
import { ProgrammeFields } from './ProgrammeFields';
import { fromStudyEntry, qualificationInput, qualificationValues } from './qualificationForm';

type Props = { practice: Practice; onSaved: (practice: Practice) => Promise<void> };

/**
 * No graduation or award still to come, by the browser's date here, ahead of the API, which
 * decides by its own clock (a journey's moved one too) and answers on the field otherwise.
 */
const formSchema = qualificationStepSchemaAt(() => new Date());

/** Step 2: the qualification to assess (spec §3 "Qualification details"), prefilled from the study path. */
export function QualificationStep({ practice, onSaved }: Props) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const { form, submit, showServerErrors } = useSchemaForm({
    name: 'qualification',
    schema: formSchema,
    initialValues: qualificationValues(practice),
    toInput: (values) => qualificationInput(values, practice.country),
  });
  const unsaved = useUnsavedChanges(form, `wizard.${practice.id}.qualification`);

  const onSubmit = submit(async (input) => {
    setFailure(null);
    try {
      const saved = await saveQualification(practice.id, input);
      unsaved.clear();
      await onSaved(saved);
    } catch (error) {
      if (!showServerErrors(error)) setFailure(errorMessage(error, t));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        {unsaved.dialog}
        {unsaved.notice}
        <FormAlert message={failure} />
        <StudyPathPrefill onChoose={(values) => form.setValues(values)} />
        <InstitutionFields form={form} educationCountry={practice.country} />
        <ProgrammeFields form={form} />
        <DiplomaNameFields form={form} />
        <Button type="submit" loading={form.submitting} w="fit-content">
          {t('wizard.saveAndContinue')}
        </Button>
      </Stack>
    </form>
  );
}

/** Picks an entry of "My study path" (`/study`) and fills what it knows. */
function StudyPathPrefill({ onChoose }: { onChoose: (values: ReturnType<typeof fromStudyEntry>) => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const entries = useQuery({ ...studyEntriesQuery(user?.id ?? 0), enabled: user !== undefined });
  const [chosen, setChosen] = useState<string | null>(null);
  if (!entries.data) return null;
  if (entries.data.length === 0) {
    return (
      <Text>
        {t('wizard.qualification.noStudyPath')}{' '}
        <Anchor component={Link} to="/study">
          {t('wizard.qualification.studyLink')}
        </Anchor>
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Select
        label={t('wizard.qualification.prefill')}
        description={t('wizard.qualification.prefillHelp')}
        data={entries.data.map((entry) => ({
          value: String(entry.id),
          label: `${entry.qualification_name} – ${entry.institution_name}`,
        }))}
        value={chosen}
        onChange={(id) => {
          const entry = entries.data.find((item) => String(item.id) === id);
          setChosen(id);
          if (entry) onChoose(fromStudyEntry(entry));
        }}
        maw={560}
      />
      <Text size="sm" role="status">
        {chosen ? t('wizard.qualification.prefilled') : ''}
      </Text>
    </Stack>
  );
}
