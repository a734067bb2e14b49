import { type AssignBody, assignBodySchema, assignedNotice, type StaffUser } from '@lisbon/domain';
import { Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createSendKeys } from '@/api';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { FormAlert } from '@/shared/ui/FormAlert';
import { assignPractices, useStaffUsers } from '../api/queues';
import { staffChoices } from '../staffChoices';
import { useQueueDialog } from './useQueueDialog';

type Props = {
  practiceIds: readonly number[];
  opened: boolean;
  onClose: () => void;
  onAssigned?: () => void;
  /** A request already being worked on: the people it has now, whom the choice replaces. */
  current?: People;
  /** Who the fields start from, with the dialog's own wording: a request's people before the move. */
  start?: People;
  /**
   * Opened by "Change the assignment" (a request assigned already, its `assign` move again): titled
   * as that action, not "Assign the request", which read as if nobody had been assigned.
   */
  isChange?: boolean;
};

type People = { evaluatorId: number | null; reviewerId: number | null };

type Values = { evaluator_id: string; reviewer_id: string };

/** A person the list offers, by id, or no one (''): what a field may hold. */
const offeredId = (id: string, users: readonly StaffUser[] | undefined) =>
  users?.some((user) => String(user.id) === id) ? id : '';

/** Assign requests: the selected requests to one Credential Evaluator (assignee) and one reviewer. */
export function AssignDialog({
  practiceIds,
  opened,
  onClose,
  onAssigned,
  current,
  start,
  isChange = false,
}: Props) {
  const { t } = useTranslation();
  const numbers = practiceIds.map((id) => t('practices.rowNumber', { id })).join(', ');
  const evaluators = useStaffUsers('evaluator', opened);
  const reviewers = useStaffUsers('reviewer', opened);
  const people = current ?? start;
  const initialValues: Values = {
    evaluator_id: people?.evaluatorId ? String(people.evaluatorId) : '',
    reviewer_id: people?.reviewerId ? String(people.reviewerId) : '',
  };
  const { form, submit, showServerErrors } = useSchemaForm({
    name: 'assign',
    schema: assignBodySchema,
    initialValues,
    toInput: (values) => ({
      practice_ids: [...practiceIds],
      evaluator_id: values.evaluator_id ? Number(values.evaluator_id) : undefined,
      reviewer_id: values.reviewer_id ? Number(values.reviewer_id) : undefined,
    }),
  });
  // The fields hold only people the lists offer (who may evaluate or review, enabled): someone who
  // has since lost the role, or was disabled, starts empty, so the staff member sees they must
  // choose, rather than a select showing "choose" over a person the API would refuse.
  const keepOffered = useEffectEvent((offered: { evaluators: StaffUser[]; reviewers: StaffUser[] }) => {
    const held = {
      evaluator_id: offeredId(initialValues.evaluator_id, offered.evaluators),
      reviewer_id: offeredId(initialValues.reviewer_id, offered.reviewers),
    };
    form.setInitialValues(held);
    for (const [field, users] of [
      ['evaluator_id', offered.evaluators],
      ['reviewer_id', offered.reviewers],
    ] as const) {
      if (offeredId(form.getValues()[field], users) === '') form.setFieldValue(field, '');
    }
  });
  useEffect(() => {
    if (evaluators.data && reviewers.data)
      keepOffered({ evaluators: evaluators.data, reviewers: reviewers.data });
  }, [evaluators.data, reviewers.data]);

  // One key per chosen assignment: Assign pressed again after a lost answer writes it once.
  const [sendKeys] = useState(createSendKeys);
  const { failure, isBusy, close, run } = useQueueDialog({
    send: (body: AssignBody) => sendKeys.send(body, (key) => assignPractices(body, key)),
    notice: assignedNotice(practiceIds.length),
    reset: () => form.reset(),
    showServerErrors,
    onClose,
    onDone: onAssigned,
  });
  const onSubmit = submit(run);

  const choices = (users: typeof evaluators.data) => [
    { value: '', label: t('staff.assign.choose') },
    ...staffChoices(users ?? []),
  ];

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        current || isChange
          ? t('staff.assign.change')
          : t('staff.assign.title', { count: practiceIds.length })
      }
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text>
            {current
              ? t('staff.assign.reassignIntro', { id: numbers })
              : t('staff.assign.intro', {
                  count: practiceIds.length,
                  ids: numbers,
                })}
          </Text>
          <FormAlert message={failure} />
          <NativeSelect
            label={t('staff.people.assignee')}
            required
            data={choices(evaluators.data)}
            data-autofocus
            {...form.getInputProps('evaluator_id')}
          />
          <NativeSelect
            label={t('staff.people.reviewer')}
            required
            data={choices(reviewers.data)}
            {...form.getInputProps('reviewer_id')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isBusy}>
              {t('staff.assign.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
