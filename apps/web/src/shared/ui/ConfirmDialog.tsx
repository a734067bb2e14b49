import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  isBusy?: boolean;
};

/** Asks before an action that cannot be undone; Cancel is the safe default and holds focus first. */
export function ConfirmDialog({ opened, title, message, confirmLabel, onConfirm, onCancel, isBusy }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text mb="lg">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={isBusy ?? false}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
