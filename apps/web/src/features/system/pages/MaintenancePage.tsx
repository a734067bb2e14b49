import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { LOGIN_PATH } from '@/shared/session/loginPath';
import { errorMessage } from '@/shared/ui/errorMessage';
import { PageHeading } from '@/shared/ui/PageHeading';
import { fetchHealth } from '../api/health';

type RetryState =
  { kind: 'idle' } | { kind: 'checking' } | { kind: 'still-running' } | { kind: 'failed'; message: string };

/** The page the user was on when maintenance began, passed by the app as navigation state. */
function returnPath(state: unknown): string {
  const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : undefined;
  return typeof from === 'string' && from.startsWith('/') && from !== '/maintenance' ? from : '/';
}

/** Where every 503 lands (spec §2): says what is happening and lets the user check again. */
export function MaintenancePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [state, setState] = useState<RetryState>({ kind: 'idle' });
  const from = returnPath(location.state);
  // While maintenance is the administrators' switch, staff can still log in.
  const isStaffLoginOpen = useQuery({ queryKey: ['health'], queryFn: fetchHealth, retry: false }).data
    ?.maintenance_staff_only;

  const retry = async () => {
    setState({ kind: 'checking' });
    try {
      const health = await fetchHealth();
      if (health.maintenance) setState({ kind: 'still-running' });
      else await navigate(from, { replace: true });
    } catch (error) {
      setState({ kind: 'failed', message: errorMessage(error, t) });
    }
  };

  return (
    <Stack gap="md" align="flex-start">
      <PageHeading>{t('maintenance.title')}</PageHeading>
      <Text size="lg">{t('maintenance.body')}</Text>
      <Button onClick={() => void retry()} loading={state.kind === 'checking'}>
        {t('maintenance.retry')}
      </Button>
      {isStaffLoginOpen && (
        <Anchor component={Link} to={LOGIN_PATH}>
          {t('maintenance.staffLogin')}
        </Anchor>
      )}
      <Text role="status" aria-live="polite">
        {state.kind === 'checking' && t('maintenance.checking')}
        {state.kind === 'still-running' && t('maintenance.stillRunning')}
        {state.kind === 'failed' && state.message}
      </Text>
    </Stack>
  );
}
