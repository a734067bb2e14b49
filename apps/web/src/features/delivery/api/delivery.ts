import {
  type BillingInfo,
  checkoutSessionSchema,
  deliveryOverviewSchema,
  deliverySchema,
  type ShippingInfo,
} from '@lisbon/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/api';
import { fetchPayment, paymentQueryKey } from '@/shared/payments/payment';
import { storage } from '@/shared/storage';

/** Return delivery of the originals: the overview, shipping information, paying the cart, the waybill. */

export const DELIVERY_KEY = ['delivery'] as const;

/** While back from the provider and the payment is not settled yet, the page asks again this often. */
export const POLL_MS = 2000;

export const deliveryQuery = (isAwaitingPayment = false) =>
  queryOptions({
    queryKey: DELIVERY_KEY,
    queryFn: async () => (await api.get('delivery', null, { schema: deliveryOverviewSchema })).data,
    staleTime: 0,
    refetchInterval: isAwaitingPayment ? POLL_MS : false,
  });

/**
 * GET /payments/{id}: the outcome of the payment the provider sent the browser back with (paid,
 * declined, cancelled or still pending), asked again while it is pending.
 */
export const returnedPaymentQuery = (id: number) =>
  queryOptions({
    queryKey: paymentQueryKey(id),
    queryFn: () => fetchPayment(id),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? POLL_MS : false),
  });

export const submitShipping = async (shipping: ShippingInfo) =>
  (await api.put('delivery/shipping', shipping, { schema: deliverySchema })).data;

export const startDeliveryCheckout = async (practiceIds: number[], billing: BillingInfo) =>
  (
    await api.create(
      'delivery/checkout',
      { practice_ids: practiceIds, billing },
      { schema: checkoutSessionSchema },
    )
  ).data;

export const downloadWaybill = (deliveryId: number) => api.download(`delivery/${deliveryId}/waybill`);

/** The cart (client storage 'cart'): the ids of the requests chosen for the next shipment. */
export const cart = {
  read: (): number[] => storage.get('cart') ?? [],
  write: (ids: number[]) => (ids.length > 0 ? storage.set('cart', ids) : storage.remove('cart')),
};
