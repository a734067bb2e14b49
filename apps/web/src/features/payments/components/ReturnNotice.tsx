import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRevealError } from '@/shared/ui/revealError';
import { paymentQuery } from '../api/payments';

/**
 * Back on the review step from the provider (declined, or cancelled by the payer): the outcome
 * the API gets from the provider. A payment that turns out paid goes on to the thank-you page.
 */
export function ReturnNotice({ paymentId }: { paymentId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Declined or cancelled sessions are settled by the time the payer is back: no polling here.
  const payment = useQuery({ ...paymentQuery(paymentId), refetchInterval: false });
  const status = payment.data?.status;
  // Declined, expired or cancelled (still pending), the outcome is said above a long form, far
  // below the page's heading where the payer lands: scroll there and focus it.
  const outcome = useRevealError<HTMLDivElement>(
    status === 'failed' || status === 'expired' || status === 'pending' ? status : null,
  );

  useEffect(() => {
    if (status === 'succeeded')
      void navigate(`/service/new/thank-you?payment=${paymentId}`, { replace: true });
  }, [status, paymentId, navigate]);

  if (payment.isPending) {
    return (
      <Text role="status" c="dimmed">
        {t('payments.return.checking')}
      </Text>
    );
  }
  // Unknown or unreadable: the form below is all the payer needs.
  if (payment.isError) return null;
  switch (payment.data.status) {
    case 'failed':
      return (
        <Alert ref={outcome} color="red" variant="light" role="alert" tabIndex={-1}>
          {t('payments.outcome.paymentFailed')}
        </Alert>
      );
    case 'expired':
      return (
        <Alert ref={outcome} color="orange" variant="light" role="alert" tabIndex={-1}>
          {t('payments.outcome.paymentExpired')}
        </Alert>
      );
    case 'pending': {
      // The open checkout locks the draft until its page closes (409 PAYMENT_OPEN, decision 020):
      // counted from when the answer came.
      const closesIn =
        payment.data.expires_at === null ? 0 : Date.parse(payment.data.expires_at) - payment.dataUpdatedAt;
      return (
        <Alert ref={outcome} color="blue" variant="light" role="status" tabIndex={-1}>
          {closesIn > 0
            ? t('payments.return.notCompleted', { minutes: Math.ceil(closesIn / 60_000) })
            : t('payments.return.notCompletedClosing')}
        </Alert>
      );
    }
    case 'succeeded':
      return null;
  }
}
