import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
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
        <Alert color="red" variant="light" role="alert">
          {t('payments.outcome.paymentFailed')}
        </Alert>
      );
    case 'expired':
      return (
        <Alert color="orange" variant="light" role="alert">
          {t('payments.outcome.paymentExpired')}
        </Alert>
      );
    case 'pending':
      return (
        <Alert color="blue" variant="light" role="status">
          {t('payments.return.notCompleted')}
        </Alert>
      );
    case 'succeeded':
      return null;
  }
}
