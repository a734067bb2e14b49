import type { StaffPractice } from '@lisbon/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '@/api';
import { formatEuros } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { FormAlert } from '@/shared/ui/FormAlert';
import { useChange } from './ChangeForm';

type Props = {
  /** What is refunded: the request's payment, or a shipment cancelled with its fee. */
  kind: 'payment' | 'delivery';
  amountCents: number;
  opened: boolean;
  onClose: () => void;
  /**
   * Where the keyboard goes once the dialog has closed if its button is gone (the refund asked
   * for): the section's heading, never the top of the document.
   */
  focusWhenOpenerGone: () => HTMLElement | null;
  call: () => Promise<ApiResult<StaffPractice>>;
};

/**
 * Asks before money goes back (decision 068): what is refunded, how much, and that it cannot be
 * undone. The refund itself is made by the payment provider; the workspace shows it pending, then
 * done with its credit note.
 */
export function RefundDialog({ kind, amountCents, opened, onClose, focusWhenOpenerGone, call }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const change = useChange(kind === 'payment' ? 'refundRequested' : 'deliveryCancelled', () => false);
  const amount = formatEuros(amountCents, locale);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    if (opened) opener.current = document.activeElement;
  }, [opened]);
  // As the shared ConfirmDialog does: Mantine gives focus back to the opener, if it is still there.
  const focusIfOpenerGone = () => {
    if (opener.current === null || opener.current.isConnected) return;
    opener.current = null;
    (focusWhenOpenerGone() ?? document.querySelector<HTMLElement>('#main-content'))?.focus();
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={focusIfOpenerGone}
      title={t(`staff.refund.${kind}.title`)}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text>{t(`staff.refund.${kind}.confirm`, { amount })}</Text>
        <Text>{t('staff.refund.final')}</Text>
        <FormAlert message={change.failure} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('staff.refund.keep')}
          </Button>
          <Button color="red" loading={change.isBusy} onClick={() => void change.run(call, onClose)}>
            {t(`staff.refund.${kind}.submit`, { amount })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
