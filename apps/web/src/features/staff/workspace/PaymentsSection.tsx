import {
  isRefundAfterClosing,
  paymentProviderLabel,
  type StaffChange,
  type StaffPayment,
  type StaffPractice,
} from '@lisbon/domain';
import { Button, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatEuros } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { useCurrentUser } from '@/shared/session/currentUser';
import { workspaceCalls } from '../api/workspace';
import { RefundDialog } from './RefundDialog';
import { ScrollableTable } from '@/shared/ui/ScrollableTable';

type Props = { practice: StaffPractice; may: (change: StaffChange) => boolean };

/**
 * The payments of the request and of its shipments (decision 068): who took the money and its
 * transaction reference, and each refund; a request closed before its evaluation started may have
 * its payment refunded here (a shipment's fee is refunded by cancelling it, under Return delivery).
 */
export function PaymentsSection({ practice, may }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [isAsking, setIsAsking] = useState(false);
  const requestPayment = practice.payments.find(
    (payment) => payment.purpose === 'practice' && !payment.refund,
  );
  // The dialog stays while it closes, once the refund asked for took its button (focus then to the heading).
  const refunded = practice.payments.find((payment) => payment.purpose === 'practice');
  const abilities = useCurrentUser().data?.abilities;
  // An open request's payment is refunded by closing it first: said where the refund is looked for.
  const isRefundedByClosing =
    requestPayment !== undefined &&
    abilities !== undefined &&
    isRefundAfterClosing(
      practice.status,
      {
        isRequestPaymentRefundable: true,
        hasEvaluationStarted: practice.has_evaluation_started,
        isShipmentCancellable: false,
      },
      { actor: 'staff', abilities },
    );
  const refundOf = (payment: StaffPayment) => {
    if (!payment.refund) return t('staff.payments.notRefunded');
    const { refund } = payment;
    switch (refund.status) {
      case 'pending':
        return t('staff.payments.refundPending', { date: formatDateTime(refund.requested_at, locale) });
      case 'succeeded':
        return t('staff.payments.refunded', {
          date: formatDateTime(refund.refunded_at ?? refund.requested_at, locale),
          number: refund.credit_note_number ?? '—',
        });
      case 'failed':
        // Given back by hand in the provider's dashboard, as staff marked it (decision 068).
        return refund.given_back_at
          ? t('staff.payments.refundGivenBack', { date: formatDateTime(refund.given_back_at, locale) })
          : t('staff.payments.refundFailed');
    }
  };

  if (practice.payments.length === 0) return <Text>{t('staff.payments.none')}</Text>;
  return (
    <Stack gap="sm" align="flex-start">
      {/* The whole width of the part (the stack aligns its buttons to the start), scrolling on its own
        on a phone so that the page does not (issue 33). */}
      <ScrollableTable minWidth={560} w="100%" label={t('staff.payments.caption')}>
        <Table verticalSpacing="xs">
          <Table.Caption>{t('staff.payments.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('staff.payments.columns.for')}</Table.Th>
              <Table.Th scope="col">{t('staff.payments.columns.amount')}</Table.Th>
              <Table.Th scope="col">{t('staff.payments.columns.provider')}</Table.Th>
              <Table.Th scope="col">{t('staff.payments.columns.refund')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {practice.payments.map((payment) => (
              <Table.Tr key={payment.id}>
                <Table.Td>
                  {payment.purpose === 'delivery'
                    ? t('staff.payments.delivery', { id: payment.delivery_id ?? '' })
                    : t('staff.payments.request')}
                  {payment.paid_at && (
                    <Text size="sm" c="dimmed">
                      {t('staff.payments.paidOn', { date: formatDateTime(payment.paid_at, locale) })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{formatEuros(payment.amount.total, locale)}</Table.Td>
                <Table.Td>
                  {paymentProviderLabel(payment.provider, locale)}
                  {payment.transaction_reference && (
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {t('staff.payments.reference', { reference: payment.transaction_reference })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {refundOf(payment)}
                  {/* What the provider said of a refund it refused, as the dashboard's list shows it. */}
                  {payment.refund?.status === 'failed' && payment.refund.failure_reason && (
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {t('staff.payments.providerSaid', { answer: payment.refund.failure_reason })}
                    </Text>
                  )}
                  {isRefundedByClosing && payment === requestPayment && (
                    <Text size="sm" c="dimmed">
                      {t('staff.payments.closeToRefund')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollableTable>
      {requestPayment && may('refund_payment') && (
        <Button variant="outline" color="red" onClick={() => setIsAsking(true)}>
          {t('staff.refund.payment.open')}
        </Button>
      )}
      {refunded && (
        <RefundDialog
          kind="payment"
          amountCents={refunded.amount.total}
          opened={isAsking}
          onClose={() => setIsAsking(false)}
          focusWhenOpenerGone={() => document.getElementById('payments-title')}
          call={() => workspaceCalls.refund(practice.id)}
        />
      )}
    </Stack>
  );
}
