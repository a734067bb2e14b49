import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { isoAfter, type Clock } from '../../clock';
import { minted } from '../../crypto';
import type { Db } from '../../db/database';
import {
  PROVIDER_EVENT_TYPES,
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderSessionState,
} from '../provider';
import { refundSession } from './refunds';
import { findSession, insertSession } from './repository';
import { isValidSignature, SIGNATURE_HEADER } from './signature';

export const SANDBOX_PATH = '/sandbox/checkout';

export type SandboxOptions = {
  db: Db;
  clock: Clock;
  secret: string;
  publicUrl: string;
  sessionTtlMinutes: number;
};

const eventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string(),
  data: z.object({ session_id: z.string().min(1).max(100) }),
});

export const newSandboxId = (prefix: 'cs' | 'evt') => `${prefix}_sandbox_${randomBytes(16).toString('hex')}`;

/** The state a real gateway would answer: an open session past its expiry is expired. */
export function sessionState(
  session: { status: string; expires_at: string },
  now: Date,
): ProviderSessionState {
  if (session.status === 'paid' || session.status === 'failed') return session.status;
  return session.expires_at <= now.toISOString() ? 'expired' : 'open';
}

/**
 * The sandbox provider: the portal serves the gateway's hosted page itself (`/sandbox/checkout/…`)
 * and keeps the gateway's state in its own tables, so the port is exercised end to end — sessions,
 * test cards, signed asynchronous webhooks with retries — without an outside service.
 */
export function createSandboxProvider(options: SandboxOptions): PaymentProvider {
  const { db, clock } = options;
  return {
    name: 'sandbox',

    async createCheckoutSession(request) {
      const id = minted(newSandboxId('cs'));
      const now = clock.now();
      const expiresAt = isoAfter(now, options.sessionTtlMinutes * 60);
      await insertSession(db, {
        id,
        reference: String(request.paymentId),
        amount_total: request.amount.total,
        description: request.description,
        customer_email: request.customerEmail,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        status: 'open',
        expires_at: expiresAt,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
      return { providerSessionId: id, checkoutUrl: `${options.publicUrl}${SANDBOX_PATH}/${id}`, expiresAt };
    },

    async getSession(providerSessionId) {
      const session = await findSession(db, providerSessionId);
      // A real gateway answers 404 for a session it never issued; the portal treats it as lost.
      if (!session) return { state: 'expired', transactionReference: null };
      const state = sessionState(session, clock.now());
      // The sandbox's transaction is its session: one card payment each.
      return { state, transactionReference: state === 'paid' ? session.id : null };
    },

    refund: (request) => refundSession({ db, clock }, request),

    async verifyWebhook(rawBody, headers) {
      const header = headers[SIGNATURE_HEADER];
      const isValid = isValidSignature({
        secret: options.secret,
        rawBody,
        header: Array.isArray(header) ? header[0] : header,
        nowSeconds: Math.floor(clock.now().getTime() / 1000),
      });
      if (!isValid) throw new WebhookSignatureError('The webhook signature is not valid');
      let parsed: z.infer<typeof eventSchema>;
      try {
        parsed = eventSchema.parse(JSON.parse(rawBody.toString('utf8')));
      } catch (error) {
        throw new WebhookSignatureError('The webhook body is not a sandbox event', { cause: error });
      }
      const type = PROVIDER_EVENT_TYPES.find((known) => known === parsed.type);
      return type ? { id: parsed.id, type, providerSessionId: parsed.data.session_id } : null;
    },
  };
}
