import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog';
import { FormAlert } from '@/shared/ui/FormAlert';
import { errorMessage } from '@/shared/ui/errorMessage';
import { showSuccess } from '@/shared/ui/toast';
import { useMarkGivenBack } from '../api/dashboard';

type Props = {
  refundId: number;
  /** The amount, written for the page's language. */
  amount: string;
  /** The payment: its provider and reference, as the row names it. */
  payment: string;
};

/**
 * On a row of the refunds the provider refused (decision 068): once staff have given the money
 * back in the provider's dashboard, they say so here, after a confirmation naming the amount and the
 * payment; the refund then leaves the list.
 */
export function MarkGivenBack({ refundId, amount, payment }: Props) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const mark = useMarkGivenBack();
  const close = () => {
    setIsOpen(false);
    setFailure(null);
  };
  const confirm = async () => {
    setFailure(null);
    try {
      await mark.mutateAsync(refundId);
      close();
      showSuccess(t('operations.dashboard.refunds.marked', { amount }));
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };
  return (
    <>
      {/* The row's amount and payment in the name: one button per row, each telling which. */}
      <Button
        variant="outline"
        size="xs"
        onClick={() => setIsOpen(true)}
        aria-label={t('operations.dashboard.refunds.markLabel', { amount, payment })}
      >
        {t('operations.dashboard.refunds.mark')}
      </Button>
      <ConfirmDialog
        opened={isOpen}
        title={t('operations.dashboard.refunds.markTitle')}
        message={t('operations.dashboard.refunds.markConfirm', { amount, payment })}
        confirmLabel={t('operations.dashboard.refunds.mark')}
        cancelLabel={t('operations.dashboard.refunds.markKeep')}
        confirmColor="primary"
        onConfirm={() => void confirm()}
        onCancel={close}
        isBusy={mark.isPending}
      >
        <Stack gap="md">
          <Text>{t('operations.dashboard.refunds.markBooks')}</Text>
          <FormAlert message={failure} />
        </Stack>
      </ConfirmDialog>
    </>
  );
}
