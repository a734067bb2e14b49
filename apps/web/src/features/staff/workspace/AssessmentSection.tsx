import {
  type Assessment,
  ASSESSMENT_FIELDS,
  assessmentSchemaAt,
  assessmentStart,
  countryName,
  type StaffPractice,
} from '@lisbon/domain';
import { Button, NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/format';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { useUnsavedChanges } from '@/shared/forms/useUnsavedChanges';
import { useLocale } from '@/shared/i18n';
import { Facts } from '@/shared/practice/Facts';
import { CountrySelect } from '@/shared/ui/CountrySelect';
import { FormAlert } from '@/shared/ui/FormAlert';
import { workspaceCalls } from '../api/workspace';
import { personName } from '../components/QueueTable';
import { assessmentInput, assessmentValues, isLongField, isNeededForReview } from './assessmentForm';
import { useChange } from './ChangeForm';

type Props = { practice: StaffPractice; isAllowed: boolean };

/**
 * The form checks a year of award still to come by the browser's date, ahead of the API, which
 * decides by its own clock (a journey's moved one too) and answers on the field otherwise.
 */
const formSchema = assessmentSchemaAt(() => new Date());

/** 'Assessment updated': the certificate fields of spec §3 that the statement will print. */
export function AssessmentSection({ practice, isAllowed }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const assessment = practice.assessment;
  // Empty fields start from the request's own qualification details, for the evaluator to check.
  const start = assessmentStart(assessment, practice.qualification);
  const { form, submit, showServerErrors } = useSchemaForm({
    name: 'assessment',
    schema: formSchema,
    initialValues: assessmentValues(start.values),
    toInput: assessmentInput,
  });
  const { run, failure, isBusy } = useChange('assessmentUpdated', showServerErrors);
  // Sixteen fields and three long texts typed: leaving the request (another queue, a search
  // result) asks first, and a reload finds them again, as the applicant's long forms do. Only while
  // the form is offered: once the request has moved on, nothing typed in it could be saved.
  const unsaved = useUnsavedChanges(form, `staff.assessment.${practice.id}`, isAllowed && form.isDirty());
  const label = (field: keyof Assessment) => t(`staff.assessment.fields.${field}`);
  const updated = assessment?.updated_at
    ? t('staff.updated', {
        date: formatDateTime(assessment.updated_at, locale),
        name: personName(assessment.updated_by) ?? '—',
      })
    : null;

  if (!isAllowed) {
    return (
      <Stack gap="xs">
        <Facts
          facts={ASSESSMENT_FIELDS.map((field) => {
            const value = assessment?.[field] ?? null;
            return [
              label(field),
              field === 'country_of_studies' && value ? countryName(String(value), locale) : value,
            ];
          })}
        />
        {updated && <Text size="sm">{updated}</Text>}
      </Stack>
    );
  }

  const input = (field: keyof Assessment) => {
    const common = {
      label: label(field),
      description:
        [
          start.prefilled.includes(field) ? t('operations.workspace.prefilled') : null,
          isNeededForReview(field) ? t('staff.assessment.neededForReview') : null,
        ]
          .filter(Boolean)
          .join(' ') || undefined,
      ...form.getInputProps(field),
    };
    if (field === 'award_year')
      return <NumberInput key={field} {...common} allowDecimal={false} allowNegative={false} />;
    if (field === 'country_of_studies') return <CountrySelect key={field} {...common} />;
    if (isLongField(field)) return <Textarea key={field} {...common} rows={3} />;
    return <TextInput key={field} {...common} />;
  };

  return (
    <form
      onSubmit={submit((body) => run(() => workspaceCalls.assessment(practice.id, body), unsaved.clear))}
      noValidate
    >
      <Stack gap="md">
        {unsaved.dialog}
        <Text>{t('staff.assessment.intro')}</Text>
        {unsaved.notice}
        <FormAlert message={failure} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {ASSESSMENT_FIELDS.filter((field) => !isLongField(field)).map(input)}
        </SimpleGrid>
        {ASSESSMENT_FIELDS.filter(isLongField).map(input)}
        {updated && <Text size="sm">{updated}</Text>}
        <Button type="submit" loading={isBusy} w="fit-content">
          {t('staff.assessment.submit')}
        </Button>
      </Stack>
    </form>
  );
}
