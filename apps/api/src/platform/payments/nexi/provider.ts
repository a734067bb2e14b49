import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { isoAfter, type Clock } from '../../clock';
import type { Db } from '../../db/database';
import {
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderEventType,
  type ProviderRefund,
  type ProviderSessionStatus,
} from '../provider';
import { createNexiApi, operationSchema, type Operation } from './api';
import { findOrder, insertOrder } from './repository';

export type NexiOptions = {
  db: Db;
  clock: Clock;
  /** The terminal's X-Api-Key. */
  apiKey: string;
  /** `https://xpay.nexigroup.com/api/phoenix-0.0/psp/api/v1`, the test one, or a contract server. */
  apiUrl: string;
  /** Where Nexi notifies each operation: the portal's webhook. */
  notificationUrl: string;
  sessionTtlMinutes: number;
};

/** The operations that take the money (implicit capture: the authorization is the payment). */
const PAYMENT_OPERATIONS = new Set(['AUTHORIZATION', 'CAPTURE']);
const PAID_RESULTS = new Set(['AUTHORIZED', 'EXECUTED']);
/** Over for good: declined, refused by risk checks, 3-D Secure failed, a technical failure, cancelled by the payer. */
const FAILED_RESULTS = new Set(['DECLINED', 'DENIED_BY_RISK', 'THREEDS_FAILED', 'FAILED', 'CANCELED']);
const REFUNDED_RESULTS = new Set(['EXECUTED', 'REFUNDED', 'AUTHORIZED']);
const REFUND_FAILED_RESULTS = new Set(['DECLINED', 'DENIED_BY_RISK', 'FAILED', 'CANCELED']);

/** A Nexi notification (the reference's "Notification": eventId, eventTime, securityToken, operation). */
const notificationSchema = z.object({
  eventId: z.string().min(1).max(200).optional(),
  eventTime: z.union([z.string(), z.number()]).optional(),
  securityToken: z.string().min(1).max(200),
  // Our order ids (newOrderId) are letters and digits: anything else is no order of ours, refused
  // before it is looked up (a NUL would fail PostgreSQL's query, not SQLite's).
  operation: operationSchema.extend({ orderId: z.string().regex(/^[A-Za-z0-9]{1,18}$/) }),
});

/** Nexi's order id: at most 18 characters, unique for the terminal: the payment id and a random tail. */
const newOrderId = (paymentId: number) =>
  `L${paymentId.toString(36)}x${randomBytes(9).toString('hex')}`.slice(0, 18);

const sha256 = (value: string) => createHash('sha256').update(value).digest();

const paymentOperations = (operations: readonly Operation[]) =>
  operations.filter((operation) => PAYMENT_OPERATIONS.has(operation.operationType));

/** The operation that took the money: the capture when there is one, else the authorization. */
const paidOperationOf = (operations: readonly Operation[]) => {
  const paid = paymentOperations(operations).filter((operation) =>
    PAID_RESULTS.has(operation.operationResult),
  );
  return paid.find((operation) => operation.operationType === 'CAPTURE') ?? paid[0] ?? null;
};

/** What a notified operation means to the port; null for operations the portal does not act on. */
function eventTypeOf(operation: Operation): ProviderEventType | null {
  if (!PAYMENT_OPERATIONS.has(operation.operationType)) return null;
  if (PAID_RESULTS.has(operation.operationResult)) return 'checkout.completed';
  if (FAILED_RESULTS.has(operation.operationResult)) return 'checkout.failed';
  return null;
}

/**
 * The state of an order from its operations: paid once a payment operation is authorized or
 * executed; failed when the last one failed; otherwise open until the portal's own expiry of the
 * checkout, then expired (an HPP order has no expiry of its own in the API).
 */
export function stateOfOrder(
  operations: readonly Operation[],
  expiresAt: string | null,
  now: Date,
): ProviderSessionStatus {
  const paid = paidOperationOf(operations);
  if (paid) return { state: 'paid', transactionReference: paid.operationId };
  const last = paymentOperations(operations).at(-1);
  if (last && FAILED_RESULTS.has(last.operationResult))
    return { state: 'failed', transactionReference: null };
  const isOver = expiresAt !== null && expiresAt <= now.toISOString();
  return { state: last || !isOver ? 'open' : 'expired', transactionReference: null };
}

/**
 * Nexi XPay's hosted payment page through its REST API (decision 067): `POST /orders/hpp` opens an
 * order and answers the page's address and a security token; Nexi notifies each operation to the
 * portal's webhook with that token (kept here only as its SHA-256, in `nexi_orders`); `GET
 * /orders/{orderId}` confirms and reconciles; refunds are `POST /operations/{id}/refunds`.
 */
export function createNexiProvider(options: NexiOptions): PaymentProvider {
  const { db, clock } = options;
  const api = createNexiApi(options);

  return {
    name: 'nexi',

    async createCheckoutSession(request) {
      const orderId = newOrderId(request.paymentId);
      const amount = String(request.amount.total);
      const created = await api.createHostedOrder({
        order: { orderId, amount, currency: 'EUR', description: request.description.slice(0, 255) },
        paymentSession: {
          actionType: 'PAY',
          amount,
          language: request.locale?.startsWith('it') ? 'ita' : 'eng',
          resultUrl: request.successUrl,
          cancelUrl: request.cancelUrl,
          notificationUrl: options.notificationUrl,
          captureType: 'IMPLICIT',
        },
      });
      const now = clock.now();
      const expiresAt = isoAfter(now, options.sessionTtlMinutes * 60);
      await insertOrder(db, {
        order_id: orderId,
        security_token_sha256: sha256(created.securityToken).toString('hex'),
        amount: request.amount.total,
        expires_at: expiresAt,
        created_at: now.toISOString(),
      });
      return { providerSessionId: orderId, checkoutUrl: created.hostedPage, expiresAt };
    },

    async getSession(orderId) {
      const order = await api.findOrder(orderId);
      if (!order) return { state: 'expired', transactionReference: null };
      const ours = await findOrder(db, orderId);
      return stateOfOrder(order.operations, ours?.expires_at ?? null, clock.now());
    },

    async verifyWebhook(rawBody) {
      let notification: z.infer<typeof notificationSchema>;
      try {
        notification = notificationSchema.parse(JSON.parse(rawBody.toString('utf8')));
      } catch (error) {
        throw new WebhookSignatureError('The body is not a Nexi notification', { cause: error });
      }
      const { operation } = notification;
      // Only the order's own token authenticates it: unknown orders and wrong tokens are refused.
      const order = await findOrder(db, operation.orderId);
      const expected = order ? Buffer.from(order.security_token_sha256, 'hex') : null;
      if (!expected || !timingSafeEqual(expected, sha256(notification.securityToken)))
        throw new WebhookSignatureError('The security token does not match the order');
      const type = eventTypeOf(operation);
      if (!type) return null;
      return {
        id: notification.eventId ?? `${operation.operationId}:${operation.operationResult}`,
        type,
        providerSessionId: operation.orderId,
      };
    },

    async refund(request): Promise<ProviderRefund> {
      const operationId = request.transactionReference;
      if (!operationId)
        return { state: 'failed', providerRefundId: null, failureReason: 'no payment operation' };
      const amount = String(request.amountCents);
      // One whole refund per payment: one already made (a retry after a crash) is this one.
      const existing = async () =>
        (await api.findOrder(request.providerSessionId))?.operations.find(
          (operation) => operation.operationType === 'REFUND' && operation.operationAmount === amount,
        );
      const stateOf = (operation: Operation): ProviderRefund => {
        if (REFUNDED_RESULTS.has(operation.operationResult))
          return { state: 'succeeded', providerRefundId: operation.operationId };
        if (REFUND_FAILED_RESULTS.has(operation.operationResult))
          return {
            state: 'failed',
            providerRefundId: operation.operationId,
            failureReason: operation.operationResult,
          };
        return { state: 'pending', providerRefundId: operation.operationId };
      };
      const before = await existing();
      if (before) return stateOf(before);
      const answer = await api.refund(
        operationId,
        { amount, currency: 'EUR', description: request.description.slice(0, 255) },
        request.idempotencyKey,
      );
      if (!answer) return { state: 'failed', providerRefundId: null, failureReason: 'operation not found' };
      if ('refused' in answer)
        return { state: 'failed', providerRefundId: null, failureReason: answer.refused };
      const after = await existing();
      return after ? stateOf(after) : { state: 'pending', providerRefundId: answer.operationId };
    },
  };
}
