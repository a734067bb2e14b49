import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeading } from '@/shared/ui/PageHeading';
import { optOut } from '../api/notices';

/**
 * `/marketing-opt-out/{token}` (route MarketingOptOut): unsubscribes on arrival, without login.
 * The call is idempotent, so a second visit (or a reload) says the same.
 */
export function MarketingOptOutPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  // A query rather than a mutation: it runs once per token even when React mounts twice, and
  // the API answers the same on every call.
  const result = useQuery({
    queryKey: ['marketing-opt-out', token],
    queryFn: () => optOut(token),
    retry: false,
    staleTime: Infinity,
  });

  return (
    <Stack gap="md" align="flex-start">
      <PageHeading>{t('pages.marketingOptOut.title')}</PageHeading>
      {result.isPending && (
        <Text role="status" aria-live="polite">
          <Loader size="xs" mr="xs" aria-hidden />
          {t('notices.optOut.working')}
        </Text>
      )}
      {result.isSuccess && (
        <Alert color="blue" variant="light" role="status" title={t('notices.optOut.doneTitle')}>
          {t('notices.optOut.done')}
        </Alert>
      )}
      {result.isError && (
        <Alert color="red" variant="light" role="alert">
          {/* Spec §8: one message for every failure of this page. */}
          {t('notices.optOut.failed')}
        </Alert>
      )}
      <Anchor component={Link} to="/">
        {t('notices.optOut.home')}
      </Anchor>
    </Stack>
  );
}
