import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs/queue';
import { digitsOf, outcomeOf } from './cards';
import { newSandboxId, sessionState } from './provider';
import { closeSession, findSession, insertEvent, type SandboxSessionRow } from './repository';
import { sandboxWebhookJob } from './webhook.job';

/** What the payer typed on the hosted page. */
export type CardForm = { card_number: string; expiry: string; cvc: string; holder: string };
/** Why a field of the card form was refused; the page words it in the payer's language. */
export type CardFormError = 'expiryFormat' | 'expired' | 'cardNumber' | 'testCard' | 'cvc' | 'holder';
export type CardFormErrors = Partial<Record<keyof CardForm, CardFormError>>;

export type PaymentAttempt =
  | { kind: 'unknown' }
  | { kind: 'invalid'; session: SandboxSessionRow; errors: CardFormErrors }
  | { kind: 'closed'; session: SandboxSessionRow }
  | { kind: 'busy'; session: SandboxSessionRow }
  | { kind: 'paid' | 'declined'; session: SandboxSessionRow };

export type GatewayDeps = { db: Db; clock: Clock; queue: JobQueue };

/** MM/YY, this month or later. */
function expiryError(expiry: string, now: Date): CardFormError | undefined {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(expiry);
  const month = Number(match?.[1]);
  if (!match || month < 1 || month > 12) return 'expiryFormat';
  const year = 2000 + Number(match[2]);
  const isPast = year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  return isPast ? 'expired' : undefined;
}

export function checkCardForm(form: CardForm, now: Date): CardFormErrors {
  const errors: CardFormErrors = {};
  const digits = digitsOf(form.card_number);
  if (!/^\d{12,19}$/.test(digits)) errors.card_number = 'cardNumber';
  else if (!outcomeOf(digits)) errors.card_number = 'testCard';
  const expiry = expiryError(form.expiry, now);
  if (expiry) errors.expiry = expiry;
  if (!/^\d{3,4}$/.test(form.cvc.trim())) errors.cvc = 'cvc';
  if (form.holder.trim().length === 0 || form.holder.length > 100) errors.holder = 'holder';
  return errors;
}

/**
 * The hosted page's "Pay" button. A test card decides: success or decline close the session and
 * record the event, and its webhook job is queued in the same transaction (so it is sent once the
 * outcome is committed, and never lost); 'busy' answers like a gateway under load and changes
 * nothing, so the payer can try again.
 */
export async function payWithCard(
  deps: GatewayDeps,
  sessionId: string,
  form: CardForm,
): Promise<PaymentAttempt> {
  const session = await findSession(deps.db, sessionId);
  if (!session) return { kind: 'unknown' };
  const now = deps.clock.now();
  if (sessionState(session, now) !== 'open') return { kind: 'closed', session };
  const errors = checkCardForm(form, now);
  if (Object.keys(errors).length > 0) return { kind: 'invalid', session, errors };
  const outcome = outcomeOf(form.card_number);
  if (outcome !== 'succeed' && outcome !== 'decline') return { kind: 'busy', session };
  const status = outcome === 'succeed' ? 'paid' : 'failed';
  const at = now.toISOString();
  const isClosed = await deps.db.transaction().execute(async (trx) => {
    if (
      !(await closeSession(trx, {
        id: sessionId,
        status,
        cardLast4: digitsOf(form.card_number).slice(-4),
        at,
      }))
    ) {
      return false;
    }
    const eventId = newSandboxId('evt');
    await insertEvent(trx, {
      id: eventId,
      session_id: sessionId,
      type: status === 'paid' ? 'checkout.completed' : 'checkout.failed',
      created_at: at,
    });
    await deps.queue.enqueue(trx, sandboxWebhookJob, { eventId });
    return true;
  });
  // A double click: the first press closed the session; the second is told what happened.
  const current = (await findSession(deps.db, sessionId)) ?? session;
  if (!isClosed) return { kind: 'closed', session: current };
  return { kind: status === 'paid' ? 'paid' : 'declined', session: current };
}

export const findCheckoutSession = (deps: GatewayDeps, sessionId: string) => findSession(deps.db, sessionId);
