import { TOAST_DURATION_MS } from '@lisbon/domain';
import { Notifications } from '@mantine/notifications';

/**
 * Where toasts show, for the whole app (spec §8: at the bottom, closing after TOAST_DURATION_MS):
 * bottom right, since forms' Save buttons sit at the left of their column (centred, a toast covered
 * them for its 5 s in the staff workspace at 1280 px). A module of its own, loaded after the page
 * (providers.tsx): its transitions are not part of a first visit.
 */
const TOAST_POSITION = 'bottom-right';

export function Toasts() {
  return <Notifications position={TOAST_POSITION} autoClose={TOAST_DURATION_MS} />;
}
