import type { Practice, ServiceDescription } from '@lisbon/domain';
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '@/shared/session/currentUser';
import { PageLoader } from '@/shared/ui/PageLoader';
import { billingQuery, paymentIdFrom, startCheckout } from '../api/payments';
import { AmountSummary } from './AmountSummary';
import { initialBilling } from './billingForm';
import { amountDue } from './charges';
import { PayForm } from './PayForm';
import { ReturnNotice } from './ReturnNotice';

export type CheckoutPanelProps = { practice: Practice; service: ServiceDescription };

/**
 * The review step's payment: what is due, who pays (billing information), then the provider's
 * hosted page. Back from it declined or cancelled (`?payment=`), the outcome is said here, above
 * the same form: the draft and the billing information are as they were.
 */
export function CheckoutPanel({ practice, service }: CheckoutPanelProps) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const returnedPayment = paymentIdFrom(search);
  const user = useCurrentUser().data;
  const billing = useQuery({ ...billingQuery(user?.id ?? 0), enabled: user !== undefined });

  return (
    <section aria-labelledby="payment-title">
      <Title order={2} id="payment-title" mb="xs">
        {t('payments.title')}
      </Title>
      <Stack gap="md" maw={760}>
        {returnedPayment !== null && <ReturnNotice key={returnedPayment} paymentId={returnedPayment} />}
        <AmountSummary
          service={service}
          isUrgent={practice.is_urgent}
          caption={t('payments.amount.caption', { id: practice.id })}
        />
        <Text>{t('payments.intro')}</Text>
        {!user || billing.isPending ? (
          <PageLoader />
        ) : (
          <PayForm
            start={(info) => startCheckout(practice.id, info)}
            totalCents={amountDue(service, practice.is_urgent).total}
            // The server's copy is a help, not a must: without it the form starts from the account.
            initialValues={initialBilling(user, billing.data ?? null)}
          />
        )}
      </Stack>
    </section>
  );
}
