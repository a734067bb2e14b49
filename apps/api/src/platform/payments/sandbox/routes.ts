import { visitorLanguage } from '@lisbon/domain';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findCheckoutSession, payWithCard, type CardForm, type GatewayDeps } from './gateway';
import { checkoutPage, closedPage, unknownPage } from './page';
import { SANDBOX_TEXTS, type SandboxTexts } from './texts';
import { sessionState, SANDBOX_PATH } from './provider';
import type { SandboxSessionRow } from './repository';

const SESSION_ID = /^cs_sandbox_[0-9a-f]{32}$/;
const BUSY_RETRY_AFTER_SECONDS = 120;

const EMPTY_FORM = { card_number: '', expiry: '', cvc: '', holder: '' };
// What the payer typed, whatever was sent: a field that is not text, or a body that is not a form
// at all (a JSON string or array), reads as empty and the form answers again with its errors.
const formSchema = z
  .object({
    card_number: z.string().max(40).catch(''),
    expiry: z.string().max(10).catch(''),
    cvc: z.string().max(10).catch(''),
    holder: z.string().max(200).catch(''),
  })
  .catch(EMPTY_FORM);

const html = (reply: FastifyReply, status: number, page: string) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);

/**
 * The payer's language, decided as the portal's own pages decide it: the one they chose (the
 * language cookie), else their browser's (`Accept-Language`).
 */
const textsOf = (request: FastifyRequest): SandboxTexts =>
  SANDBOX_TEXTS[visitorLanguage(request.headers.cookie, request.headers['accept-language'])];

/** Where a closed session sends the payer: back to the portal, which asks the provider. */
function closed(
  reply: FastifyReply,
  session: SandboxSessionRow,
  now: Date,
  payee: string,
  texts: SandboxTexts,
) {
  const state = sessionState(session, now);
  if (state === 'paid') return reply.redirect(session.success_url, 303);
  if (state === 'failed') return reply.redirect(session.cancel_url, 303);
  return html(reply, 410, closedPage(session, payee, texts, 'expired'));
}

/**
 * The sandbox gateway's hosted checkout, outside the API (`/sandbox/checkout/{session}`), as a
 * real gateway's page is outside the portal. Forms are posted as `application/x-www-form-urlencoded`.
 */
export const sandboxGatewayRoutes: FastifyPluginAsync<{
  deps: GatewayDeps;
  /** Whom the payer pays, as a gateway names the merchant: the evaluation body. */
  payee: string;
}> = async (app, { deps, payee }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const sessionOf = async (params: unknown) => {
    const id = (params as { sessionId?: string }).sessionId ?? '';
    return SESSION_ID.test(id) ? findCheckoutSession(deps, id) : undefined;
  };

  app.get(`${SANDBOX_PATH}/:sessionId`, { schema: { hide: true } }, async (request, reply) => {
    const session = await sessionOf(request.params);
    if (!session) return html(reply, 404, unknownPage(textsOf(request)));
    const now = deps.clock.now();
    const texts = textsOf(request);
    if (sessionState(session, now) !== 'open') return closed(reply, session, now, payee, texts);
    return html(reply, 200, checkoutPage(session, payee, texts));
  });

  app.post(`${SANDBOX_PATH}/:sessionId`, { schema: { hide: true } }, async (request, reply) => {
    const session = await sessionOf(request.params);
    if (!session) return html(reply, 404, unknownPage(textsOf(request)));
    const form: CardForm = formSchema.parse(request.body ?? {});
    const texts = textsOf(request);
    const attempt = await payWithCard(deps, session.id, form);
    switch (attempt.kind) {
      case 'unknown':
        return html(reply, 404, unknownPage(texts));
      case 'invalid':
        return html(
          reply,
          422,
          checkoutPage(attempt.session, payee, texts, { values: form, errors: attempt.errors }),
        );
      case 'busy':
        // Like a gateway under load: 503 with Retry-After, nothing charged, the form kept.
        reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
        return html(reply, 503, checkoutPage(attempt.session, payee, texts, { values: form, isBusy: true }));
      case 'closed':
        return closed(reply, attempt.session, deps.clock.now(), payee, texts);
      case 'paid':
        return reply.redirect(attempt.session.success_url, 303);
      case 'declined':
        return reply.redirect(attempt.session.cancel_url, 303);
    }
  });

  app.post(`${SANDBOX_PATH}/:sessionId/cancel`, { schema: { hide: true } }, async (request, reply) => {
    const session = await sessionOf(request.params);
    if (!session) return html(reply, 404, unknownPage(textsOf(request)));
    // The session stays open until it expires, as on real gateways; the portal can send the payer back.
    return reply.redirect(session.cancel_url, 303);
  });
};
