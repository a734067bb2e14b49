import { Stack } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { isApiError } from '@/api';
import { i18n } from '@/shared/i18n';
import { useCurrentUser } from '@/shared/session/currentUser';
import { showError } from '@/shared/ui/toast';
import { useQueueCounts } from '../api/queues';
import { StaffSearch } from './StaffSearch';

/** Where staff turn on their second factor: the account settings. */
export const TWO_FACTOR_PATH = '/account#two-factor';

/**
 * The frame of every `/staff/…` page (the route's guard has checked staff.workspace), headed by
 * the staff search. Staff without two-factor authentication are refused by the API (403
 * TWO_FACTOR_REQUIRED): they are sent to their account to turn it on, and told why.
 */
export function StaffArea() {
  const user = useCurrentUser().data;
  const hasTwoFactor = user?.two_factor_enabled === true;
  const counts = useQueueCounts(hasTwoFactor);
  const isRefused =
    user !== undefined &&
    (!hasTwoFactor || (isApiError(counts.error) && counts.error.code === 'TWO_FACTOR_REQUIRED'));

  useEffect(() => {
    // Said where they land, the account page, whose two-factor section is the next step.
    if (isRefused) showError(i18n.t('staff.twoFactorFirst'));
  }, [isRefused]);

  if (isRefused) return <Navigate to={TWO_FACTOR_PATH} replace />;
  // The search box heads every staff page (decision 069), so any request is a few keystrokes away.
  return (
    <Stack gap="lg">
      {hasTwoFactor && <StaffSearch />}
      <Outlet />
    </Stack>
  );
}
