import {
  type AvailableAction,
  DOCUMENT_TYPES,
  isOneOf,
  type StaffPractice,
  statusNameOf,
  transitionBodySchema,
} from '@lisbon/domain';
import { Alert, Button, Group, Modal, MultiSelect, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api';
import { dialogDrafts } from '@/shared/forms/drafts';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { errorMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { createSendKeys } from '@/api';
import { useApplyChange, useReloadPractice, workspaceCalls } from '../api/workspace';
import { moveName, useAppealType } from './appealWording';

type Props = {
  practice: StaffPractice;
  transition: AvailableAction;
  /**
   * Closed by the user's hand, once the move is made (`moved`), or when someone else moved the request
   * first (`changedMeanwhile`: the workspace is read again, the move is to be chosen again).
   */
  onClose: (outcome?: TransitionOutcome) => void;
};
export type TransitionOutcome = 'moved' | 'changedMeanwhile';
type Values = { note: string; reason: string; message: string; requested_documents: string[] };

const orUndefined = (text: string) => (text.trim() === '' ? undefined : text);

/** The moves that end an appeal, each saying what becomes of the statement already published. */
const ENDS_AN_APPEAL = ['issue_appeal', 'issue_amendment', 'reject_appeal'] as const;
/** The moves whose dialog says what follows and that it cannot be undone: publishing, and ending an appeal. */
const WITH_EFFECTS = ['publish', ...ENDS_AN_APPEAL] as const;

/**
 * Confirms one move, with what the table says it records: a reason the applicant reads, a message to
 * the applicant, and a note that stays with staff (decision 054).
 */
export function TransitionDialog({ practice, transition, onClose }: Props) {
  const { t } = useTranslation();
  const applyChange = useApplyChange();
  const reloadPractice = useReloadPractice();
  const appealType = useAppealType(practice);
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  // One key per composed move: Confirm pressed again after a lost answer is not a second message.
  const [sendKeys] = useState(createSendKeys);
  const { note: isNoteRequired, reason: isReason, message: isMessage } = transition.requires;
  const schema = transitionBodySchema.superRefine((body, issues) => {
    if (isNoteRequired && !body.note)
      issues.addIssue({ code: 'custom', message: 'required', path: ['note'] });
    if (isReason && !body.reason) issues.addIssue({ code: 'custom', message: 'required', path: ['reason'] });
    if (isMessage && !body.message)
      issues.addIssue({ code: 'custom', message: 'required', path: ['message'] });
  });
  // What was typed for this move on this request before the dialog was closed unsent comes back.
  const draftKey = `transition:${practice.id}:${transition.action}`;
  const initialValues: Values = dialogDrafts.read<Values>(draftKey) ?? {
    note: '',
    reason: '',
    message: '',
    requested_documents: [],
  };
  const { form, submit, showServerErrors } = useSchemaForm({
    name: 'transition',
    schema,
    initialValues,
    toInput: (values) => ({
      action: transition.action,
      expected_status: practice.status,
      note: orUndefined(values.note),
      ...(isReason ? { reason: orUndefined(values.reason) } : {}),
      ...(isMessage
        ? { message: orUndefined(values.message), requested_documents: values.requested_documents }
        : {}),
    }),
  });
  const name = moveName(t, transition.action, appealType);
  /** Closed unsent (Esc, Cancel, a click outside): the text typed is kept for the next opening. */
  const dismiss = () => {
    dialogDrafts.keep(draftKey, form.getValues());
    onClose();
  };

  const onSubmit = submit(async (body) => {
    setFailure(null);
    setIsBusy(true);
    try {
      // The answer names the move's success message; the fallback is the API's own.
      const result = await sendKeys.send(body, (key) => workspaceCalls.transition(practice.id, body, key));
      await applyChange(result, 'practiceUpdated');
      dialogDrafts.forget(draftKey);
      onClose('moved');
    } catch (error) {
      // The request is no longer what this dialog shows: read it again rather than ask for a reload.
      if (isApiError(error) && error.code === 'PRACTICE_CHANGED') {
        await reloadPractice(practice.id);
        onClose('changedMeanwhile');
        return;
      }
      if (!showServerErrors(error)) setFailure(errorMessage(error, t));
      setIsBusy(false);
    }
  });

  return (
    <Modal
      opened
      onClose={dismiss}
      title={name}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text>
            {t('staff.actions.confirm', {
              from: t(`staff.status.${statusNameOf(practice.status, practice.appeal_type)}`),
              to: t(`staff.status.${statusNameOf(transition.to, practice.appeal_type)}`),
            })}
          </Text>
          {isOneOf(WITH_EFFECTS, transition.action) && (
            <Text fw={500}>{t(`staff.actions.effects.${transition.action}`)}</Text>
          )}
          <FormAlert message={failure} />
          {isMessage && (
            <>
              <Textarea
                label={t('staff.actions.message')}
                description={t('staff.actions.messageHelp')}
                required

                rows={4}
                data-autofocus
                {...form.getInputProps('message')}
              />
              <MultiSelect
                label={t('staff.actions.requestedDocuments')}
                data={DOCUMENT_TYPES.map((type) => ({ value: type, label: t(`labels.document.${type}`) }))}
                clearable
                clearButtonProps={{ 'aria-label': t('common.clear') }}
                {...form.getInputProps('requested_documents')}
              />
            </>
          )}
          {isReason && (
            <Textarea
              label={t('staff.actions.applicantReason')}
              description={t('staff.actions.applicantReasonHelp')}
              required
              rows={3}
              data-autofocus
              {...form.getInputProps('reason')}
            />
          )}
          <Textarea
            label={t(isNoteRequired ? 'staff.actions.reason' : 'staff.actions.note')}
            description={t('staff.actions.noteHelp')}
            required={isNoteRequired}

            rows={2}
            {...(isMessage || isReason ? {} : { 'data-autofocus': true })}
            {...form.getInputProps('note')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={dismiss}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isBusy} color={transition.action === 'close' ? 'red' : undefined}>
              {name}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Said where the move was chosen, after the dialog closed on `changedMeanwhile`. */
export function ChangedMeanwhileAlert() {
  const { t } = useTranslation();
  return (
    <Alert role="alert" color="orange" variant="light">
      {t('staff.actions.changedMeanwhile')}
    </Alert>
  );
}
