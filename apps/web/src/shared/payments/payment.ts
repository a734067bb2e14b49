import { paymentSchema } from '@lisbon/domain';
import { api } from '@/api';

/**
 * GET /payments/{id}: one payment as the API answers it, asking the provider first while it is
 * pending. Read by the request's payment and by the return delivery's, each polling as it needs,
 * under one cache key.
 */
export const paymentQueryKey = (id: number) => ['payments', id] as const;

export const fetchPayment = async (id: number) =>
  (await api.get('payments', id, { schema: paymentSchema })).data;
