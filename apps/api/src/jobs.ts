import type { AppContext } from './context';
import { identityRequestHandler } from './modules/auth/identity-request.handler';
import { renderFiscalDocumentHandler } from './modules/invoices/render.handler';
import { refundPaymentHandler } from './modules/payments/refund.handler';
import { publishStatementHandler } from './modules/statements/publish.handler';
import type { RegisteredJob } from './platform/jobs/definition';
import { anchorLedgerHandler } from './platform/ledger/anchor/anchor.handler';
import { auditLedgerHandler } from './platform/ledger/audit.handler';
import type { Mailer } from './platform/mail/mailer';
import { sendMailHandler } from './platform/mail/send-mail.handler';
import { sandboxWebhookHandler } from './platform/payments/sandbox/webhook.handler';
import type { WebhookTransport } from './platform/payments/sandbox/transport';
import { resolveWebhookSecret } from './platform/payments/secret';
import { deadlineDigestHandler } from './modules/staff/deadline-digest.handler';
import { moveOpenDeadlinesHandler } from './modules/practices/open-deadlines.handler';

export type JobDependencies = {
  mailer: Mailer;
  ctx: AppContext;
  /** How the sandbox gateway reaches the portal's webhook (real HTTP, or in-process). */
  webhookTransport: WebhookTransport;
};

/** Every job the worker runs, with its handler. A job without a handler here is never claimed. */
export const registeredJobs = ({ mailer, ctx, webhookTransport }: JobDependencies): RegisteredJob[] => [
  sendMailHandler(mailer),
  identityRequestHandler(ctx),
  renderFiscalDocumentHandler(ctx),
  refundPaymentHandler(ctx),
  publishStatementHandler(ctx),
  deadlineDigestHandler(ctx),
  moveOpenDeadlinesHandler(ctx),
  auditLedgerHandler(ctx.ledger),
  anchorLedgerHandler(ctx.ledger),
  ...(ctx.config.paymentProvider === 'sandbox'
    ? [
        sandboxWebhookHandler({
          db: ctx.db,
          clock: ctx.clock,
          secret: resolveWebhookSecret(ctx.config),
          transport: webhookTransport,
        }),
      ]
    : []),
];
