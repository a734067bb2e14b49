import { API_PREFIX } from '@lisbon/domain';
import type { App } from '../src/app';
import type { Clock } from '../src/platform/clock';
import { signatureHeader, SIGNATURE_HEADER } from '../src/platform/payments/sandbox/signature';
import { resolveWebhookSecret } from '../src/platform/payments/secret';
import { testConfig, type TestDatabase } from './helper';
import { bearer, createUser, login } from './identity';
import { FILES, multipart, PURPOSE, QUALIFICATION } from './requests';

/** Shared by the payment tests: applicants with ready drafts, the sandbox's form, signed webhooks. */

export const CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  busy: '4000 0000 0000 9995',
};

export const BILLING = {
  entity_type: 'individual',
  first_name: 'Ada',
  last_name: 'Lovelace',
  address: 'Via Roma 1',
  city: 'Bologna',
  zip_code: '40100',
  province: 'BO',
  country: 'FR',
};

export const STANDARD_DOCUMENTS = ['identity_document', 'diploma', 'transcript_of_records', 'consent_form'];

export type Payer = { id: number; token: string; address: string; email: string };

let addressCounter = 0;

/** An active applicant, logged in from an address of their own (the global per-address limit stays out of the way). */
export async function payer(
  app: App,
  database: TestDatabase,
  clock: Clock,
  email: string,
  options: { category?: 'standard' | 'refugee'; locale?: 'en-US' | 'it-IT'; firstName?: string } = {},
): Promise<Payer> {
  addressCounter += 1;
  const address = `10.${Math.floor(addressCounter / 250)}.${addressCounter % 250}.7`;
  const id = await createUser(database, clock, { email, ...options });
  return { id, email, address, token: (await login(app, email, undefined, address)).token };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export const callAs =
  (app: App) =>
  (
    who: Payer | undefined,
    method: Method,
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url: `${API_PREFIX}${url}`,
      remoteAddress: who?.address ?? '203.0.113.9',
      headers: { ...(who ? bearer(who.token) : {}), ...headers },
      ...(payload ? { payload } : {}),
    });

export const dataOf = <T = Record<string, unknown>>(response: { json(): unknown }): T =>
  (response.json() as { data: T }).data;

/** A draft with both steps, the required documents (FR, higher education) and the review step reached. */
export async function readyDraft(app: App, who: Payer, { isUrgent = false } = {}): Promise<number> {
  const call = callAs(app);
  const created = await call(who, 'POST', '/practices', {
    country: 'FR',
    level: 'higher',
    is_urgent: isUrgent,
    replace_draft: true,
  });
  const { id } = dataOf<{ id: number }>(created);
  await call(who, 'PATCH', `/practices/${id}/purpose`, PURPOSE);
  await call(who, 'PATCH', `/practices/${id}/qualification`, QUALIFICATION);
  for (const type of STANDARD_DOCUMENTS) {
    const body = multipart({ type, practice_id: id }, { name: `${type}.pdf`, content: FILES.pdf });
    await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/documents`,
      remoteAddress: who.address,
      headers: { ...bearer(who.token), ...body.headers },
      payload: body.payload,
    });
  }
  const review = await call(who, 'POST', `/practices/${id}/review`);
  if (review.statusCode !== 200) throw new Error(`review failed: ${review.body}`);
  return id;
}

export type Checkout = { payment_id: number; checkout_url: string; expires_at: string };

export async function checkout(
  app: App,
  who: Payer,
  practiceId: number,
  billing: object = BILLING,
): Promise<Checkout> {
  const response = await callAs(app)(who, 'POST', `/practices/${practiceId}/checkout`, { billing });
  if (response.statusCode !== 200)
    throw new Error(`checkout failed: ${response.statusCode} ${response.body}`);
  return dataOf<Checkout>(response);
}

/** The hosted page's path, from the checkout URL the API answered. */
export const sandboxPath = (checkoutUrl: string) => new URL(checkoutUrl).pathname;

/** The payer's browser posting the sandbox's form. */
export function payOnSandbox(
  app: App,
  checkoutUrl: string,
  card: string,
  overrides: Record<string, string> = {},
) {
  const form = new URLSearchParams({
    card_number: card,
    expiry: '12/30',
    cvc: '123',
    holder: 'Ada Lovelace',
    ...overrides,
  });
  return app.inject({
    method: 'POST',
    url: sandboxPath(checkoutUrl),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
}

/** A webhook call as the sandbox gateway signs it, for a session and an event id of the test's choosing. */
export function signedWebhook(
  database: TestDatabase,
  clock: Clock,
  event: { id: string; type: string; sessionId: string },
  { secret = resolveWebhookSecret(testConfig(database)) }: { secret?: string } = {},
) {
  const body = JSON.stringify({
    id: event.id,
    type: event.type,
    created: 0,
    data: { session_id: event.sessionId },
  });
  return {
    payload: body,
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signatureHeader(secret, body, Math.floor(clock.now().getTime() / 1000)),
    },
  };
}

export const postWebhook = (app: App, webhook: { payload: string; headers: Record<string, string> }) =>
  app.inject({ method: 'POST', url: `${API_PREFIX}/payments/webhook`, ...webhook });

/** The provider session id of a payment (what the webhook names). */
export async function sessionIdOf(database: TestDatabase, paymentId: number): Promise<string> {
  const row = await database.db
    .selectFrom('payments')
    .select('provider_session_id')
    .where('id', '=', paymentId)
    .executeTakeFirstOrThrow();
  if (!row.provider_session_id) throw new Error('payment without a provider session');
  return row.provider_session_id;
}

export async function countRows(
  database: TestDatabase,
  table: 'payments' | 'fiscal_documents' | 'payment_events' | 'jobs' | 'practice_status_history',
): Promise<number> {
  const { count } = await database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}
