import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog';
import { errorMessage } from '@/shared/ui/errorMessage';
import { showError, showSuccess } from '@/shared/ui/toast';
import { deleteCalendarPeriod, noticesQuery, type CalendarPeriodKind } from '../api/notices';

type Props = { kind: CalendarPeriodKind; id: number; period: string };

/** Deletes a closure or suspension window that has not begun, once confirmed. */
export function DeletePeriodButton({ kind, id, period }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isAsking, setAsking] = useState(false);
  const [isDeleting, setDeleting] = useState(false);

  const confirm = async () => {
    setDeleting(true);
    try {
      await deleteCalendarPeriod(kind, id);
      // The lists and the public banner alike.
      await queryClient.invalidateQueries({ queryKey: noticesQuery().queryKey });
      showSuccess(t('notices.staff.periodDeleted'));
    } catch (error) {
      showError(errorMessage(error, t));
    } finally {
      setDeleting(false);
      setAsking(false);
    }
  };

  return (
    <>
      <Button
        size="xs"
        variant="default"
        color="red"
        onClick={() => setAsking(true)}
        aria-label={t('notices.staff.deletePeriod', { period })}
      >
        {t('notices.staff.delete')}
      </Button>
      <ConfirmDialog
        opened={isAsking}
        title={t('notices.staff.deleteTitle')}
        message={t('notices.staff.deleteMessage', { period })}
        confirmLabel={t('notices.staff.delete')}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
        isBusy={isDeleting}
      />
    </>
  );
}
