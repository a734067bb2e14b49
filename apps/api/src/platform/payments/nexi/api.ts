import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ProviderBusyError } from '../provider';

/**
 * The few calls of Nexi's XPay payment API (`…/api/phoenix-0.0/psp/api/v1`) the adapter makes,
 * with the shapes of its API reference ("XPay Payment APIs", developer.nexigroup.com, api
 * payment-api-v1): every call carries `X-Api-Key` and a fresh `Correlation-Id` (UUID); refunds an
 * `Idempotency-Key`. Answers are read with schemas that keep only what the portal uses.
 */

/** One operation of an order (`Operation` of the reference). */
export const operationSchema = z.object({
  orderId: z.string().optional(),
  operationId: z.string(),
  operationType: z.string(),
  operationResult: z.string(),
  operationTime: z.string().optional(),
  operationAmount: z.string().optional(),
  operationCurrency: z.string().optional(),
});
export type Operation = z.infer<typeof operationSchema>;

const createOrderAnswer = z.object({ hostedPage: z.string().min(1), securityToken: z.string().min(1) });
const orderAnswer = z.object({
  orderStatus: z.object({ order: z.object({ orderId: z.string() }).partial().optional() }).optional(),
  operations: z.array(operationSchema).default([]),
});
const refundAnswer = z.object({ operationId: z.string(), operationTime: z.string().optional() });

export type NexiApi = ReturnType<typeof createNexiApi>;

/** An answer's JSON; null when there is none or it is not JSON (an error page of a proxy, say). */
function parsedOrNull(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

export class NexiApiError extends Error {
  override name = 'NexiApiError';
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`Nexi answered ${status}: ${body.slice(0, 300)}`);
  }
}

export function createNexiApi({ apiKey, apiUrl }: { apiKey: string; apiUrl: string }) {
  async function request(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<{ status: number; json: unknown; text: string }> {
    const response = await fetch(`${apiUrl}${path}`, {
      method,
      headers: {
        'X-Api-Key': apiKey,
        'Correlation-Id': randomUUID(),
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    if (response.status === 429 || response.status === 503) {
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new ProviderBusyError(Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter : 120);
    }
    return { status: response.status, json: parsedOrNull(text), text };
  }

  const ok = (answer: { status: number; text: string }) => {
    if (answer.status !== 200) throw new NexiApiError(answer.status, answer.text);
  };

  return {
    /** POST /orders/hpp: an order and its hosted payment page; the token authenticates its notifications. */
    async createHostedOrder(body: {
      order: { orderId: string; amount: string; currency: 'EUR'; description: string };
      paymentSession: {
        actionType: 'PAY';
        amount: string;
        language: 'ita' | 'eng';
        resultUrl: string;
        cancelUrl: string;
        notificationUrl: string;
        captureType: 'IMPLICIT';
      };
    }) {
      const answer = await request('POST', '/orders/hpp', body);
      ok(answer);
      return createOrderAnswer.parse(answer.json);
    },

    /** GET /orders/{orderId}: the order and its operations; null when Nexi has no such order (404). */
    async findOrder(orderId: string) {
      const answer = await request('GET', `/orders/${encodeURIComponent(orderId)}`);
      if (answer.status === 404) return null;
      ok(answer);
      return orderAnswer.parse(answer.json);
    },

    /** POST /operations/{operationId}/refunds: null when Nexi has no such operation (404). */
    async refund(
      operationId: string,
      body: { amount: string; currency: 'EUR'; description: string },
      idempotencyKey: string,
    ) {
      const answer = await request(
        'POST',
        `/operations/${encodeURIComponent(operationId)}/refunds`,
        body,
        idempotencyKey,
      );
      if (answer.status === 404) return null;
      if (answer.status === 400) return { refused: answer.text };
      ok(answer);
      return refundAnswer.parse(answer.json);
    },
  };
}
