import { TOAST_DURATION_MS } from '@lisbon/domain';
import { Notifications } from '@mantine/notifications';

/**
 * Where toasts show (spec §8: at the bottom, closing after TOAST_DURATION_MS). A module of its own,
 * loaded after the page (providers.tsx): its transitions are not part of a first visit.
 */
export function Toasts() {
  return <Notifications position="bottom-center" autoClose={TOAST_DURATION_MS} />;
}
