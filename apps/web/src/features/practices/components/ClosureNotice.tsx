import type { Practice } from '@lisbon/domain';
import { Alert, Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatEuros } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { TYPED_TEXT } from '@/shared/ui/typedText';

/**
 * At the top of a closed request (issue 33): the reason staff gave, which was only at the bottom of
 * its history, and what became of its payment (refunded, with the credit note's number).
 */
export function ClosureNotice({ practice }: { practice: Practice }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (practice.status !== 'closed') return null;
  const closing = practice.history.findLast((entry) => entry.to_status === 'closed');
  const refund = practice.payment_refund;
  const amount = refund ? formatEuros(refund.amount.total, locale) : '';
  let refundText: string | null = null;
  if (refund?.status === 'pending')
    refundText = t('practice.closure.refundPending', {
      amount,
      date: formatDate(refund.requested_at, locale),
    });
  else if (refund?.status === 'succeeded')
    refundText = t('practice.closure.refunded', {
      amount,
      date: formatDate(refund.refunded_at ?? refund.requested_at, locale),
      number: refund.credit_note_number ?? '—',
    });
  else if (refund?.status === 'failed')
    refundText = refund.given_back_at
      ? t('practice.closure.refundGivenBack', { amount, date: formatDate(refund.given_back_at, locale) })
      : t('practice.closure.refundFailed', { amount });

  return (
    <Alert color="gray" variant="light" title={t('practice.closure.title')}>
      <Text size="sm" style={TYPED_TEXT}>
        {closing?.reason ? t('practice.reason', { reason: closing.reason }) : t('practice.closure.noReason')}
      </Text>
      {refundText && (
        <Text size="sm" mt="xs">
          {refundText}{' '}
          {refund?.status === 'succeeded' && (
            <Anchor component={Link} to="/account" size="sm">
              {t('practice.closure.receiptsLink')}
            </Anchor>
          )}
        </Text>
      )}
    </Alert>
  );
}
