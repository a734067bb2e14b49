import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { cardPage, digitsOf, httpTransport, listen, Outbox, type Answer, type Transport } from './common';

/**
 * A contract server for Nexi's XPay payment API, answering exactly the requests the Nexi adapter
 * makes, in the shapes of Nexi's published API reference, "XPay Payment APIs" (payment-api-v1,
 * developer.nexigroup.com/xpayglobal/en-EU/api/payment-api-v1/; base path
 * `/api/phoenix-0.0/psp/api/v1`), with the field tables as reproduced by mlocati/nexi-xpay-web
 * 2.0.0 (2024-05-24), generated from developer.nexi.it/en/api:
 *
 * - every call: `X-Api-Key` (the terminal's key; 401 otherwise) and `Correlation-Id` (a UUID,
 *   required); errors are `{ errors: [{ code, description }] }`;
 * - `POST /orders/hpp` ("Create Order for Hosted Payment"): `order { orderId ≤ 18, amount (minor
 *   units, a string), currency, description }`, `paymentSession { actionType PAY, amount,
 *   language (ISO 639-2), resultUrl, cancelUrl, notificationUrl, captureType }`; answers
 *   `{ hostedPage, securityToken, warnings }`;
 * - `GET /orders/{orderId}` ("Find order by id"): `{ orderStatus: { order, authorizedAmount,
 *   capturedAmount, lastOperationType, lastOperationTime }, operations: [Operation] }`, 404 when
 *   unknown; an Operation is `{ orderId, operationId, channel, operationType (AUTHORIZATION,
 *   CAPTURE, VOID, REFUND, CANCEL…), operationResult (AUTHORIZED, EXECUTED, DECLINED,
 *   DENIED_BY_RISK, THREEDS_VALIDATED, THREEDS_FAILED, PENDING, CANCELED, VOIDED, REFUNDED,
 *   FAILED), operationTime, paymentMethod, paymentCircuit, paymentInstrumentInfo,
 *   operationAmount, operationCurrency }`;
 * - `POST /operations/{operationId}/refunds` ("Refund"): `Idempotency-Key` (≤ 63 characters,
 *   required), `{ amount, currency, description }`; answers `{ operationId, operationTime }`; 404
 *   for an unknown operation, 400 `errors` when it cannot be refunded; the same key answers the
 *   same refund again;
 * - the notification ("Notification" of the hosted payment): `POST notificationUrl` with
 *   `{ eventId, eventTime, securityToken, operation }`, repeated until answered 200;
 * - the hosted page (Nexi's test area cards): VISA 4349 9401 9900 4549 pays, 4349 9401 9999 7007 is
 *   declined; both outcomes are notified and the payer returns to `resultUrl`.
 */

export const NEXI_BASE_PATH = '/api/phoenix-0.0/psp/api/v1';
export const NEXI_TEST_CARDS = { success: '4349 9401 9900 4549', declined: '4349 9401 9999 7007' } as const;

type Operation = {
  orderId: string;
  operationId: string;
  channel: 'ECOMMERCE' | 'BACKOFFICE';
  operationType: 'AUTHORIZATION' | 'CAPTURE' | 'REFUND';
  operationResult: 'EXECUTED' | 'DECLINED' | 'REFUNDED' | 'PENDING';
  operationTime: string;
  paymentMethod: 'CARD';
  paymentCircuit: 'VISA';
  paymentInstrumentInfo: string;
  operationAmount: string;
  operationCurrency: 'EUR';
};

type Order = {
  orderId: string;
  amount: string;
  currency: 'EUR';
  description: string;
  resultUrl: string;
  cancelUrl: string;
  notificationUrl: string | null;
  securityToken: string;
  operations: Operation[];
};

export type NexiContractOptions = {
  apiKey: string;
  now?: () => Date;
  /** Send notifications to their `notificationUrl` as they come (standalone mode); otherwise tests call `deliver`. */
  isAutoNotifying?: boolean;
  port?: number;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const errors = (status: number, code: string, description: string): Answer => ({
  status,
  json: { errors: [{ code, description }] },
});
const newOperationId = () => String(Math.floor(1e9 + Math.random() * 9e9));

export async function startNexiContract(options: NexiContractOptions) {
  const now = options.now ?? (() => new Date());
  const orders = new Map<string, Order>();
  const idempotent = new Map<string, Answer>();
  // Each notification goes to its order's notificationUrl.
  const outbox = new Outbox(options.isAutoNotifying ? httpTransport() : null);
  const requests: { method: string; path: string; body: string; headers: IncomingMessage['headers'] }[] = [];
  let isBusy = false;
  let baseUrl = '';

  function notify(order: Order, operation: Operation) {
    if (!order.notificationUrl) return;
    const body = JSON.stringify({
      eventId: randomUUID(),
      eventTime: now().toISOString(),
      securityToken: order.securityToken,
      operation,
    });
    const target = order.notificationUrl;
    outbox.push(() => ({ body, headers: { 'content-type': 'application/json' }, target }));
  }

  function operate(
    order: Order,
    type: Operation['operationType'],
    result: Operation['operationResult'],
    amount: string,
  ) {
    const operation: Operation = {
      orderId: order.orderId,
      operationId: newOperationId(),
      channel: type === 'REFUND' ? 'BACKOFFICE' : 'ECOMMERCE',
      operationType: type,
      operationResult: result,
      operationTime: now().toISOString(),
      paymentMethod: 'CARD',
      paymentCircuit: 'VISA',
      paymentInstrumentInfo: '***4549',
      operationAmount: amount,
      operationCurrency: 'EUR',
    };
    order.operations.push(operation);
    notify(order, operation);
    return operation;
  }

  function createOrder(json: unknown): Answer {
    const body = json as {
      order?: { orderId?: string; amount?: string; currency?: string; description?: string };
      paymentSession?: {
        actionType?: string;
        amount?: string;
        language?: string;
        resultUrl?: string;
        cancelUrl?: string;
        notificationUrl?: string;
      };
    } | null;
    const order = body?.order;
    const session = body?.paymentSession;
    if (!order?.orderId || order.orderId.length > 18) return errors(400, 'GW0001', 'Invalid orderId');
    if (orders.has(order.orderId)) return errors(400, 'GW0001', 'Duplicate orderId');
    if (!/^\d+$/.test(order.amount ?? '') || order.currency !== 'EUR')
      return errors(400, 'GW0001', 'Invalid amount or currency');
    if (!session?.amount || Number(session.amount) > Number(order.amount))
      return errors(400, 'GW0001', 'Invalid paymentSession.amount');
    if (!session.language || !/^[a-z]{3}$/.test(session.language))
      return errors(400, 'GW0001', 'Invalid language');
    if (!session.resultUrl || !session.cancelUrl) return errors(400, 'GW0001', 'Invalid merchant URL');
    const saved: Order = {
      orderId: order.orderId,
      amount: order.amount ?? '0',
      currency: 'EUR',
      description: order.description ?? '',
      resultUrl: session.resultUrl,
      cancelUrl: session.cancelUrl,
      notificationUrl: session.notificationUrl ?? null,
      securityToken: randomBytes(16).toString('hex'),
      operations: [],
    };
    orders.set(saved.orderId, saved);
    return {
      status: 200,
      json: {
        hostedPage: `${baseUrl}/hpp/${encodeURIComponent(saved.orderId)}`,
        securityToken: saved.securityToken,
        warnings: [],
      },
    };
  }

  function orderView(order: Order) {
    const sum = (type: Operation['operationType'], results: readonly string[]) =>
      order.operations
        .filter(
          (operation) => operation.operationType === type && results.includes(operation.operationResult),
        )
        .reduce((total, operation) => total + Number(operation.operationAmount), 0);
    const last = order.operations.at(-1);
    return {
      orderStatus: {
        order: {
          orderId: order.orderId,
          amount: order.amount,
          currency: order.currency,
          description: order.description,
        },
        authorizedAmount: String(sum('AUTHORIZATION', ['EXECUTED'])),
        capturedAmount: String(sum('AUTHORIZATION', ['EXECUTED']) - sum('REFUND', ['REFUNDED'])),
        ...(last ? { lastOperationType: last.operationType, lastOperationTime: last.operationTime } : {}),
      },
      operations: order.operations,
    };
  }

  function refund(operationId: string, json: unknown): Answer {
    const body = json as { amount?: string; currency?: string; description?: string } | null;
    const order = [...orders.values()].find((candidate) =>
      candidate.operations.some((operation) => operation.operationId === operationId),
    );
    const paid = order?.operations.find((operation) => operation.operationId === operationId);
    if (!order || !paid) return errors(404, 'GW0004', 'Operation not found');
    const refunded = order.operations
      .filter((operation) => operation.operationType === 'REFUND' && operation.operationResult === 'REFUNDED')
      .reduce((total, operation) => total + Number(operation.operationAmount), 0);
    const amount = body?.amount ?? String(Number(paid.operationAmount) - refunded);
    if (paid.operationResult !== 'EXECUTED' || Number(amount) + refunded > Number(paid.operationAmount))
      return errors(400, 'GW0005', 'Operation cannot be refunded');
    const operation = operate(order, 'REFUND', 'REFUNDED', amount);
    return {
      status: 200,
      json: { operationId: operation.operationId, operationTime: operation.operationTime },
    };
  }

  const api = (request: IncomingMessage, body: string, path: string): Answer => {
    if (request.headers['x-api-key'] !== options.apiKey) return errors(401, 'GW0002', 'Unauthorized');
    if (!UUID.test(String(request.headers['correlation-id'] ?? '')))
      return errors(400, 'GW0001', 'Correlation-Id is required');
    if (isBusy) return { ...errors(503, 'GW0003', 'Service unavailable'), headers: { 'retry-after': '2' } };
    let json: unknown = null;
    if (request.method === 'POST') {
      try {
        json = JSON.parse(body);
      } catch {
        return errors(400, 'GW0001', 'Invalid JSON');
      }
    }
    const orderMatch = /^\/orders\/([^/]+)$/.exec(path);
    const refundMatch = /^\/operations\/([^/]+)\/refunds$/.exec(path);
    if (request.method === 'POST' && path === '/orders/hpp') return createOrder(json);
    if (request.method === 'GET' && orderMatch) {
      const order = orders.get(decodeURIComponent(orderMatch[1] ?? ''));
      return order ? { status: 200, json: orderView(order) } : errors(404, 'GW0004', 'Order not found');
    }
    if (request.method === 'POST' && refundMatch) {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || key.length === 0 || key.length > 63)
        return errors(400, 'GW0001', 'Idempotency-Key is required');
      const cached = idempotent.get(key);
      if (cached) return cached;
      const answer = refund(decodeURIComponent(refundMatch[1] ?? ''), json);
      if (answer.status === 200) idempotent.set(key, answer);
      return answer;
    }
    return errors(404, 'GW0004', 'Not found');
  };

  /** Nexi's hosted payment page, reduced to a card form. */
  const page = (request: IncomingMessage, body: string, orderId: string, isCancel: boolean): Answer => {
    const order = orders.get(orderId);
    if (!order) return { status: 404, html: '<!doctype html><title>Not found</title><h1>Not found</h1>' };
    const isOver = order.operations.some((operation) =>
      ['EXECUTED', 'DECLINED'].includes(operation.operationResult),
    );
    if (isOver) return { status: 303, location: order.resultUrl };
    if (isCancel) return { status: 303, location: order.cancelUrl };
    if (request.method === 'GET')
      return {
        status: 200,
        html: cardPage({
          provider: 'Nexi XPay',
          description: order.description,
          amountCents: Number(order.amount),
          action: `/hpp/${encodeURIComponent(order.orderId)}`,
          cancelAction: `/hpp/${encodeURIComponent(order.orderId)}/cancel`,
          testCards: [
            { number: NEXI_TEST_CARDS.success, outcome: 'payment succeeds' },
            { number: NEXI_TEST_CARDS.declined, outcome: 'card declined' },
          ],
        }),
      };
    const card = digitsOf(new URLSearchParams(body).get('card_number'));
    operate(
      order,
      'AUTHORIZATION',
      card === digitsOf(NEXI_TEST_CARDS.success) ? 'EXECUTED' : 'DECLINED',
      order.amount,
    );
    return { status: 303, location: order.resultUrl };
  };

  const server = await listen((request, body, url) => {
    requests.push({ method: request.method ?? '', path: url.pathname, body, headers: request.headers });
    const hpp = /^\/hpp\/([^/]+)(\/cancel)?$/.exec(url.pathname);
    if (hpp) return page(request, body, decodeURIComponent(hpp[1] ?? ''), Boolean(hpp[2]));
    if (url.pathname.startsWith(NEXI_BASE_PATH))
      return api(request, body, url.pathname.slice(NEXI_BASE_PATH.length));
    return errors(404, 'GW0004', 'Not found');
  }, options.port ?? 0);
  baseUrl = server.url;

  const orderOf = (id: string) => {
    const order = orders.get(id);
    if (!order) throw new Error(`no Nexi order ${id}`);
    return order;
  };

  return {
    url: server.url,
    apiUrl: `${server.url}${NEXI_BASE_PATH}`,
    requests,
    outbox,
    /** The payer pays (or is declined) on the hosted page. */
    pay: (orderId: string, outcome: 'paid' | 'declined' = 'paid') => {
      const order = orderOf(orderId);
      operate(order, 'AUTHORIZATION', outcome === 'paid' ? 'EXECUTED' : 'DECLINED', order.amount);
    },
    /** A notification Nexi never sent, with a token of the test's choosing. */
    forgedNotification(orderId: string, securityToken: string) {
      return {
        body: JSON.stringify({
          eventId: randomUUID(),
          eventTime: now().toISOString(),
          securityToken,
          operation: {
            orderId,
            operationId: newOperationId(),
            operationType: 'AUTHORIZATION',
            operationResult: 'EXECUTED',
            operationAmount: orders.get(orderId)?.amount ?? '100',
            operationCurrency: 'EUR',
          },
        }),
        headers: { 'content-type': 'application/json' },
      };
    },
    securityTokenOf: (orderId: string) => orderOf(orderId).securityToken,
    operationsOf: (orderId: string) => orderOf(orderId).operations,
    setBusy(value: boolean) {
      isBusy = value;
    },
    deliver: (transport?: Transport) => outbox.flush(transport),
    async close() {
      outbox.stop();
      await server.close();
    },
  };
}

export type NexiContract = Awaited<ReturnType<typeof startNexiContract>>;
