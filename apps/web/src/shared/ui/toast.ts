import { TOAST_DURATION_MS } from '@lisbon/domain';
import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n';

/** Toasts of spec §8: at the bottom right (app/Toasts.tsx), closing after TOAST_DURATION_MS (set on <Notifications>). */
function show(color: 'red' | 'green', message: string): void {
  notifications.show({
    color,
    message,
    autoClose: TOAST_DURATION_MS,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
  });
}

export const showError = (message: string) => show('red', message);
export const showSuccess = (message: string) => show('green', message);
