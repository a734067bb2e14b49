import { type StaffPractice, verificationBodySchema, verificationOutcomesFor } from '@lisbon/domain';
import { Button, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/format';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { useLocale } from '@/shared/i18n';
import { FormAlert } from '@/shared/ui/FormAlert';
import { workspaceCalls } from '../api/workspace';
import { personName } from '../components/QueueTable';
import { useChange } from './ChangeForm';
import { TYPED_TEXT } from '@/shared/ui/typedText';

/** 'Verification updated': the outcome of verifying the qualification with its issuer. */
export function VerificationSection({
  practice,
  isAllowed,
}: {
  practice: StaffPractice;
  isAllowed: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const verification = practice.verification;
  const { form, submit, showServerErrors } = useSchemaForm({
    name: 'verification',
    schema: verificationBodySchema,
    initialValues: { outcome: verification?.outcome ?? 'pending', notes: verification?.notes ?? '' },
  });
  const { run, failure, isBusy } = useChange('verificationUpdated', showServerErrors);
  // A service without verification offers no "verified with the issuer" (the API refuses it too).
  const outcomes = verificationOutcomesFor(practice.service).map((outcome) => ({
    value: outcome,
    label: t(`staff.verification.outcomes.${outcome}`),
  }));

  // The saved outcome, who saved it and when: above the form too, which holds what is being changed.
  const saved = verification ? (
    <Stack gap="xs">
      <Text fw={600}>
        {t('staff.verification.saved', {
          outcome: t(`staff.verification.outcomes.${verification.outcome}`),
        })}
      </Text>
      {verification.notes && <Text style={TYPED_TEXT}>{verification.notes}</Text>}
      <Text size="sm">
        {t('staff.updated', {
          date: formatDateTime(verification.updated_at, locale),
          name: personName(verification.updated_by) ?? '—',
        })}
      </Text>
    </Stack>
  ) : (
    <Text>{t('staff.verification.none')}</Text>
  );

  if (!isAllowed) return saved;
  return (
    <form onSubmit={submit((body) => run(() => workspaceCalls.verification(practice.id, body)))} noValidate>
      <Stack gap="sm" maw={640}>
        {saved}
        <FormAlert message={failure} />
        <NativeSelect
          label={t('staff.verification.outcome')}
          data={outcomes}
          required
          {...form.getInputProps('outcome')}
        />
        <Textarea label={t('staff.verification.notes')} rows={3} {...form.getInputProps('notes')} />
        <Button type="submit" loading={isBusy} w="fit-content">
          {t('staff.verification.submit')}
        </Button>
      </Stack>
    </form>
  );
}
