import { type BillingInfo, billingInfoViewSchema, checkoutSessionSchema, type Payment } from '@lisbon/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/api';
import { fetchPayment, paymentQueryKey } from '@/shared/payments/payment';

/** Paying for a request: billing information, the hosted checkout, the payment's outcome. */

/** GET /users/{id}/billing: the billing information last given, or null. */
export const billingQuery = (userId: number) =>
  queryOptions({
    queryKey: ['billing', userId] as const,
    queryFn: async () =>
      (await api.get(`users/${userId}/billing`, null, { schema: billingInfoViewSchema.nullable() })).data,
    staleTime: 0,
  });

/**
 * POST /practices/{id}/checkout: a hosted checkout session. The API keeps the billing information
 * on the account as part of this call, so no separate save is needed.
 */
export const startCheckout = async (practiceId: number, billing: BillingInfo) =>
  (await api.create(`practices/${practiceId}/checkout`, { billing }, { schema: checkoutSessionSchema })).data;

/** Asked every POLL_MS while the payment is pending: the webhook may arrive after the redirect. */
export const POLL_MS = 2000;
/** After this many answers still pending, polling stops and the page offers to check again. */
export const MAX_POLLS = 8;

export const isSettled = (payment: Payment | undefined) =>
  payment !== undefined && payment.status !== 'pending';

/** Whether polling has given up: MAX_POLLS answers have come back (the query's `dataUpdateCount`). */
export const hasStoppedAsking = (answers: number) => answers >= MAX_POLLS;

/**
 * GET /payments/{id}: the API asks the provider about a pending payment before answering. Polled
 * until the payment is settled or MAX_POLLS answers have come back pending.
 */
export const paymentQuery = (id: number) =>
  queryOptions({
    queryKey: paymentQueryKey(id),
    queryFn: () => fetchPayment(id),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.status === 'error' ||
      isSettled(query.state.data) ||
      hasStoppedAsking(query.state.dataUpdateCount)
        ? false
        : POLL_MS,
  });

/** The payment id the provider sends the browser back with (`?payment=<id>`), if it is one. */
export function paymentIdFrom(search: URLSearchParams): number | null {
  const value = search.get('payment');
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : null;
}
