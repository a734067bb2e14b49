import { type Practice, type Purpose, PURPOSES, purposeStepSchema } from '@lisbon/domain';
import { Button, Checkbox, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { radioTabIndex } from '@/shared/forms/radioTabStop';
import { blankToNull, useSchemaForm } from '@/shared/forms/schemaForm';
import { useUnsavedChanges } from '@/shared/forms/useUnsavedChanges';
import { errorMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { savePurpose } from '../api/practices';

type Values = {
  purpose: Purpose | '';
  italian_institution: string;
  programme_name: string;
  has_visa: boolean;
  diplomatic_representation: string;
  purpose_other: string;
};

/** Purposes that concern an Italian institution and one of its programmes. */
const WITH_INSTITUTION: readonly Purpose[] = ['further_studies', 'nostrification'];

export const showsInstitution = (purpose: Values['purpose']) =>
  purpose !== '' && WITH_INSTITUTION.includes(purpose);

function initialValues(practice: Practice): Values {
  const saved = practice.purpose;
  return {
    purpose: saved?.purpose ?? '',
    italian_institution: saved?.italian_institution ?? '',
    programme_name: saved?.programme_name ?? '',
    has_visa: saved?.has_visa ?? false,
    diplomatic_representation: saved?.diplomatic_representation ?? '',
    purpose_other: saved?.purpose_other ?? '',
  };
}

/** The schema's input: fields the chosen purpose does not show are sent empty. */
function toInput(values: Values) {
  const input = blankToNull(values);
  return {
    ...input,
    purpose: values.purpose === '' ? undefined : values.purpose,
    italian_institution: showsInstitution(values.purpose) ? input.italian_institution : null,
    programme_name: showsInstitution(values.purpose) ? input.programme_name : null,
    diplomatic_representation: values.has_visa ? input.diplomatic_representation : null,
    purpose_other: values.purpose === 'other' ? input.purpose_other : null,
  };
}

type Props = { practice: Practice; onSaved: (practice: Practice) => Promise<void> };

/** Step 1: why the statement is needed (spec §3 purposes), with what each purpose asks for. */
export function PurposeStep({ practice, onSaved }: Props) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const { form, submit, showServerErrors } = useSchemaForm({
    name: 'purpose',
    schema: purposeStepSchema,
    initialValues: initialValues(practice),
    toInput,
  });
  const { values } = form;
  const unsaved = useUnsavedChanges(form, `wizard.${practice.id}.purpose`);

  const onSubmit = submit(async (input) => {
    setFailure(null);
    try {
      const saved = await savePurpose(practice.id, input);
      unsaved.clear();
      await onSaved(saved);
    } catch (error) {
      if (!showServerErrors(error)) setFailure(errorMessage(error, t));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg" maw={720}>
        {unsaved.dialog}
        {unsaved.notice}
        <FormAlert message={failure} />
        <Radio.Group label={t('wizard.purpose.purpose')} required {...form.getInputProps('purpose')}>
          <Stack gap="xs" mt="xs">
            {PURPOSES.map((purpose) => (
              <Radio
                key={purpose}
                value={purpose}
                label={t(`labels.purpose.${purpose}`)}
                tabIndex={radioTabIndex(values.purpose, purpose, PURPOSES)}
              />
            ))}
          </Stack>
        </Radio.Group>
        {showsInstitution(values.purpose) && (
          <>
            <TextInput
              label={t('wizard.purpose.institution')}
              description={t('wizard.purpose.institutionHelp')}
              required={values.purpose === 'further_studies'}
              {...form.getInputProps('italian_institution')}
            />
            <TextInput label={t('wizard.purpose.programme')} {...form.getInputProps('programme_name')} />
          </>
        )}
        {values.purpose === 'other' && (
          <Textarea
            label={t('wizard.purpose.other')}
            required
            rows={3}
            {...form.getInputProps('purpose_other')}
          />
        )}
        <Checkbox
          label={t('wizard.purpose.visa')}
          description={t('wizard.purpose.visaHelp')}
          {...form.getInputProps('has_visa', { type: 'checkbox' })}
        />
        {values.has_visa && (
          <TextInput
            label={t('wizard.purpose.representation')}
            description={t('wizard.purpose.representationHelp')}
            required
            {...form.getInputProps('diplomatic_representation')}
          />
        )}
        <Button type="submit" loading={form.submitting} w="fit-content">
          {t('wizard.saveAndContinue')}
        </Button>
      </Stack>
    </form>
  );
}
