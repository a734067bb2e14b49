import type { IncomingHttpHeaders } from 'node:http';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import { unstorableFields } from '../../platform/http/storable-input';
import { ProviderBusyError, WebhookSignatureError } from '../../platform/payments/provider';
import { EVENT_OF_STATE, processProviderEvent, type SettlementOutcome } from './settlement.service';

/**
 * POST /payments/webhook: the provider's own call, authenticated by its signature over the raw
 * body (400 INVALID_SIGNATURE otherwise; 422 for an authentic event whose ids hold a NUL character). A 2xx tells the provider to stop retrying, so it is sent
 * only after the event's transaction has committed; a duplicate is answered 200 with no effect.
 */
export async function receiveWebhook(
  ctx: AppContext,
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
): Promise<SettlementOutcome> {
  let event;
  try {
    event = await ctx.payments.verifyWebhook(rawBody, headers);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw new AppError('INVALID_SIGNATURE', { cause: error });
    throw error;
  }
  if (!event) return { isDuplicate: false, effect: 'none' };
  // An authentic event whose ids no column can hold (a NUL, which PostgreSQL refuses): refused
  // like any input, on both databases, before they are looked up or recorded. The rest of the
  // event, which the portal neither reads nor keeps, may hold what it likes.
  const errors = unstorableFields({ id: event.id, session_id: event.providerSessionId });
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', { errors });
  // Defence in depth: a signature proves who signed, not that the money moved. The event takes
  // effect only when the provider's own state of the session says the same; otherwise it is not
  // recorded, so the provider's true event (or reconciliation) still settles the payment later.
  const session = await confirmedSession(ctx, event.providerSessionId);
  if (session.state === 'open' || EVENT_OF_STATE[session.state] !== event.type)
    return {
      isDuplicate: false,
      effect: 'none',
      warning: 'a signed event the provider does not confirm: ignored',
    };
  return processProviderEvent(ctx, event, session.transactionReference);
}

async function confirmedSession(ctx: AppContext, providerSessionId: string) {
  try {
    return await ctx.payments.getSession(providerSessionId);
  } catch (error) {
    // The provider retries a webhook that was not answered 2xx: it will find it less busy.
    if (error instanceof ProviderBusyError) throw new AppError('PROVIDER_BUSY', { cause: error });
    throw error;
  }
}
