import type { BillingInfo, CheckoutSessionView } from '@lisbon/domain';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '@/shared/session/currentUser';
import { PageLoader } from '@/shared/ui/PageLoader';
import { billingQuery } from '../api/payments';
import { type BillingAddress, initialBilling, startsAsShipping } from './billingForm';
import { PayForm } from './PayForm';

export type BillingPayPanelProps = {
  totalCents: number;
  start: (billing: BillingInfo) => Promise<CheckoutSessionView>;
  /** Where the originals go: the billing address can be the same. */
  shippingAddress: BillingAddress;
};

/**
 * The billing form and "Pay" for a payment that is not a request's (a return-delivery cart): the
 * same form, schema and client storage ('billing') as the request's checkout, and "Billing address
 * same as shipping", ticked unless another billing address was given before.
 */
export function BillingPayPanel({ totalCents, start, shippingAddress }: BillingPayPanelProps) {
  const user = useCurrentUser().data;
  const billing = useQuery({ ...billingQuery(user?.id ?? 0), enabled: user !== undefined });
  if (!user || billing.isPending) return <PageLoader />;
  const server = billing.data ?? null;
  const initialValues = initialBilling(user, server);
  return (
    <PayForm
      totalCents={totalCents}
      start={start}
      shipping={{
        address: shippingAddress,
        isSame: startsAsShipping(initialValues, server, shippingAddress),
      }}
      initialValues={initialValues}
    />
  );
}
