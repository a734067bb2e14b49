import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@/api';
import { storage } from '@/shared/storage';
import { errorMessage } from '@/shared/ui/errorMessage';
import { PageHeading } from '@/shared/ui/PageHeading';
import { showSuccess } from '@/shared/ui/toast';
import { hasStoppedAsking, paymentQuery } from '../api/payments';

type Props = {
  paymentId: number;
  /** What a paid request shows: the thank-you page of the request wizard, composed by the app. */
  renderPaid: (practiceId: number) => ReactNode;
};

/**
 * Where the provider sends the payer back after paying (`/service/new/thank-you?payment=<id>`).
 * The redirect proves nothing: the page asks the API, which asks the provider, until the payment
 * is settled (the webhook may come later than the browser), then says the outcome.
 */
export function PaymentReturnPage({ paymentId, renderPaid }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = paymentQuery(paymentId);
  const payment = useQuery(query);
  // Polling stops after MAX_POLLS answers (`paymentQuery`). Reading `isFetching` here re-renders the
  // page as each poll ends, so the count is fresh even when two answers carry the same time.
  const { isFetching } = payment;
  const answers = queryClient.getQueryState(query.queryKey)?.dataUpdateCount ?? 0;
  const status = payment.data?.status;
  const isAnnounced = useRef(false);

  useEffect(() => {
    if (status !== 'succeeded' || isAnnounced.current) return;
    isAnnounced.current = true;
    showSuccess(t('payments.outcome.paymentSuccessful'));
    // The draft is now a submitted request: every list and the wizard read it afresh.
    storage.remove('draft');
    void queryClient.invalidateQueries({ queryKey: ['practices'] });
  }, [status, t, queryClient]);

  if (payment.isError) {
    const isMissing = isApiError(payment.error) && payment.error.status === 404;
    return (
      <Stack gap="md" maw={760} align="flex-start">
        <PageHeading>{isMissing ? t('messages.pageNotFound') : t('payments.return.title')}</PageHeading>
        <Alert color="red" variant="light" role="alert">
          {isMissing ? t('payments.return.unknown') : errorMessage(payment.error, t)}
        </Alert>
        {!isMissing && <Button onClick={() => void payment.refetch()}>{t('common.retry')}</Button>}
      </Stack>
    );
  }

  if (payment.isPending || payment.data.status === 'pending') {
    const isTakingLong = hasStoppedAsking(answers);
    return (
      <Stack gap="md" maw={760} align="flex-start">
        <PageHeading>{t('payments.return.title')}</PageHeading>
        {isTakingLong ? (
          <>
            <Alert color="blue" variant="light" role="status">
              {t('payments.return.takingLong')}
            </Alert>
            <Button onClick={() => void payment.refetch()} loading={isFetching}>
              {t('payments.return.checkAgain')}
            </Button>
          </>
        ) : (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden />
            <Text>{t('payments.outcome.paymentPending')}</Text>
          </Group>
        )}
      </Stack>
    );
  }

  const { data } = payment;
  if (data.status === 'succeeded') {
    return data.practice_id === null ? (
      <Stack gap="md" maw={760}>
        <PageHeading>{t('payments.outcome.paymentSuccessful')}</PageHeading>
      </Stack>
    ) : (
      renderPaid(data.practice_id)
    );
  }
  return (
    <Stack gap="md" maw={760} align="flex-start">
      <PageHeading focusOnMount>{t('payments.return.failedTitle')}</PageHeading>
      <Alert color="red" variant="light" role="alert">
        {t(data.status === 'expired' ? 'payments.outcome.paymentExpired' : 'payments.outcome.paymentFailed')}
      </Alert>
      <Text>{t('payments.return.draftKept')}</Text>
      <Button component={Link} to="/service/new/review">
        {t('common.retry')}
      </Button>
    </Stack>
  );
}
