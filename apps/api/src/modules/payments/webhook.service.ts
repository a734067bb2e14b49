import type { IncomingHttpHeaders } from 'node:http';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import { WebhookSignatureError } from '../../platform/payments/provider';
import { processProviderEvent, type SettlementOutcome } from './settlement.service';

/**
 * POST /payments/webhook: the provider's own call, authenticated by its signature over the raw
 * body (400 INVALID_SIGNATURE otherwise). A 2xx tells the provider to stop retrying, so it is sent
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
  return processProviderEvent(ctx, event);
}
