import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { registerJob } from '../../jobs/definition';
import { findEventWithSession, recordDeliveryAttempt } from './repository';
import { SIGNATURE_HEADER, signatureHeader } from './signature';
import type { WebhookTransport } from './transport';
import { sandboxWebhookJob } from './webhook.job';

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Signs the event with the webhook secret at the moment of sending (so a retry carries a fresh
 * timestamp) and delivers it; anything but a 2xx answer fails the run and the worker retries.
 */
export const sandboxWebhookHandler = (deps: {
  db: Db;
  clock: Clock;
  secret: string;
  transport: WebhookTransport;
}) =>
  registerJob(sandboxWebhookJob, async ({ eventId }) => {
    const event = await findEventWithSession(deps.db, eventId);
    if (!event || event.delivered_at) return;
    const body = JSON.stringify({
      id: event.id,
      type: event.type,
      created: unixSeconds(new Date(event.created_at)),
      data: { session_id: event.session_id, reference: event.reference, amount_total: event.amount_total },
    });
    let status: number | null = null;
    try {
      status = await deps.transport.deliver({
        body,
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signatureHeader(deps.secret, body, unixSeconds(deps.clock.now())),
        },
      });
    } finally {
      const isDelivered = status !== null && status >= 200 && status < 300;
      await recordDeliveryAttempt(deps.db, {
        id: eventId,
        status,
        deliveredAt: isDelivered ? deps.clock.now().toISOString() : null,
      });
    }
    if (status < 200 || status >= 300) throw new Error(`the webhook answered ${status}`);
  });
