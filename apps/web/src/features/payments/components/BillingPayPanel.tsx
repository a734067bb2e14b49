import type { BillingInfo, CheckoutSessionView } from '@lisbon/domain';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '@/shared/session/currentUser';
import { PageLoader } from '@/shared/ui/PageLoader';
import { billingQuery } from '../api/payments';
import { initialBilling } from './billingForm';
import { PayForm } from './PayForm';

export type BillingPayPanelProps = {
  totalCents: number;
  start: (billing: BillingInfo) => Promise<CheckoutSessionView>;
};

/**
 * The billing form and "Pay" for a payment that is not a request's (a return-delivery cart): the
 * same form, schema and client storage ('billing') as the request's checkout.
 */
export function BillingPayPanel({ totalCents, start }: BillingPayPanelProps) {
  const user = useCurrentUser().data;
  const billing = useQuery({ ...billingQuery(user?.id ?? 0), enabled: user !== undefined });
  if (!user || billing.isPending) return <PageLoader />;
  return (
    <PayForm
      totalCents={totalCents}
      start={start}
      initialValues={initialBilling(user, billing.data ?? null)}
    />
  );
}
