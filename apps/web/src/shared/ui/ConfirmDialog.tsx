import { Box, Button, Group, Modal, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** The safe button's words, where "Cancel" would not say it (keeping a refund listed: "Not yet"). */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  isBusy?: boolean;
  /** What the action will do, shown under the message (the address an order goes to, its cost). */
  children?: ReactNode;
  /** The confirm button's colour: red for what destroys (the default), the theme's for an order. */
  confirmColor?: 'red' | 'primary';
  /**
   * Where the keyboard goes once the dialog closes if what opened it is gone (a deleted row's
   * button): this element when it is there, else the page's main content.
   */
  focusWhenOpenerGone?: () => HTMLElement | null;
};

/**
 * Asks before an action that cannot be undone; Cancel is the safe default and holds focus first.
 * Closed, it gives the focus back to what opened it (Mantine's Modal), or, if that is gone, to
 * `focusWhenOpenerGone` rather than to the top of the document.
 */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  isBusy,
  children,
  confirmColor = 'red',
  focusWhenOpenerGone,
}: Props) {
  const { t } = useTranslation();
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    if (opened) opener.current = document.activeElement;
  }, [opened]);
  const focusIfOpenerGone = () => {
    if (opener.current === null || opener.current.isConnected) return;
    opener.current = null;
    (focusWhenOpenerGone?.() ?? document.querySelector<HTMLElement>('#main-content'))?.focus();
  };
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      onExitTransitionEnd={focusIfOpenerGone}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text mb="lg">{message}</Text>
      {children && <Box mb="lg">{children}</Box>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {cancelLabel ?? t('common.cancel')}
        </Button>
        <Button
          {...(confirmColor === 'red' ? { color: 'red' } : {})}
          onClick={onConfirm}
          loading={isBusy ?? false}
        >
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
