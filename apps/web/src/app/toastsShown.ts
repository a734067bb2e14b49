import { notificationsStore } from '@mantine/notifications';

/**
 * Whether a toast has been shown since the app started, as a store React can read: the toasts'
 * container (and its chunk) is mounted from the first toast on, not on every first visit
 * (providers.tsx, decision 075). A toast shown before waits in Mantine's store meanwhile.
 */
let hasShownToast = false;

export const subscribeToToastsShown = (onChange: () => void): (() => void) =>
  notificationsStore.subscribe(onChange);

export function haveToastsShown(): boolean {
  const { notifications, queue } = notificationsStore.getState();
  if (notifications.length > 0 || queue.length > 0) hasShownToast = true;
  return hasShownToast;
}
