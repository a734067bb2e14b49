import { deliveryFee, formatEuros, formatLongDate, italianElision, type Locale } from '@lisbon/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import type { MailContent } from '../../platform/mail/message';
import { queueMail } from '../../platform/mail/queue-mail';
import { findAccountById } from '../users/accounts';
import { greeting } from '../../platform/mail/greeting';

type Facts = { firstName: string; practiceId: number; waybill: string | null; link: string };

const TEXTS: Record<Locale, (facts: Facts) => MailContent> = {
  'en-US': (f) => ({
    subject: `The originals of request no. ${f.practiceId} have been delivered`,
    greeting: greeting('en-US', f.firstName),
    paragraphs: [
      `The original paper documents of your request no. ${f.practiceId} have been delivered to the address you gave.`,
      ...(f.waybill ? [`Waybill: ${f.waybill}.`] : []),
    ],
    action: { label: 'See your deliveries', url: f.link },
  }),
  'it-IT': (f) => ({
    subject: `Gli originali della richiesta n. ${f.practiceId} sono stati consegnati`,
    greeting: greeting('it-IT', f.firstName),
    paragraphs: [
      `I documenti originali cartacei della tua richiesta n. ${f.practiceId} sono stati consegnati all’indirizzo che hai indicato.`,
      ...(f.waybill ? [`Lettera di vettura: ${f.waybill}.`] : []),
    ],
    action: { label: 'Vedi le tue spedizioni', url: f.link },
  }),
};

/** 'Delivered', in the applicant's language, queued in the transaction that records it. No account, no mail. */
export async function queueDeliveredMail(
  ctx: AppContext,
  db: Db,
  { userId, practiceId, waybill }: { userId: number; practiceId: number; waybill: string | null },
): Promise<void> {
  const account = await findAccountById(db, userId);
  if (!account || account.deleted_at) return;
  const link = `${ctx.config.publicUrl}/delivery`;
  await queueMail(ctx, db, 'delivered', account, (locale) =>
    TEXTS[locale]({ firstName: account.first_name, practiceId, waybill, link }),
  );
}

/** `orderableOn`: during a suspension of return deliveries, the day they can be ordered again. */
type OpenedFacts = {
  firstName: string;
  practiceId: number;
  fee: number;
  orderableOn: string | null;
  link: string;
};

const OPENED_TEXTS: Record<Locale, (facts: OpenedFacts) => MailContent> = {
  'en-US': (f) => {
    const steps = `add the request to the cart on the Return delivery page, give the shipping information and pay the fee of ${formatEuros(f.fee, 'en-US')} per shipment.`;
    return {
      subject: `The originals of request no. ${f.practiceId} can be sent back to you`,
      greeting: greeting('en-US', f.firstName),
      paragraphs: [
        `Your request no. ${f.practiceId} is open to delivery: we can send the original paper documents back to you.`,
        f.orderableOn
          ? `Return deliveries are suspended: you can order the return from ${formatLongDate(f.orderableOn, 'en-US')}. From that day, ${steps}`
          : `To have them sent back, ${steps}`,
      ],
      action: { label: 'Go to return delivery', url: f.link },
    };
  },
  'it-IT': (f) => {
    const steps = `aggiungi la richiesta al carrello nella pagina Restituzione degli originali, indica i dati di spedizione e paga il costo di ${formatEuros(f.fee, 'it-IT')} per spedizione.`;
    return {
      subject: `Gli originali della richiesta n. ${f.practiceId} possono esserti restituiti`,
      greeting: greeting('it-IT', f.firstName),
      paragraphs: [
        `La tua richiesta n. ${f.practiceId} è aperta alla restituzione: possiamo rispedirti i documenti originali cartacei.`,
        f.orderableOn
          ? italianElision(
              `Le restituzioni degli originali sono sospese: potrai ordinare la restituzione dal ${formatLongDate(f.orderableOn, 'it-IT')}. Da quel giorno, ${steps}`,
            )
          : `Per riceverli, ${steps}`,
      ],
      action: { label: 'Vai alla restituzione', url: f.link },
    };
  },
};

/**
 * 'Open to delivery', in the applicant's language: the originals may now be ordered back, or from
 * `orderableOn` when return deliveries are suspended (spec §9). Queued in the transaction that opens
 * the request to delivery, so it goes out once, and only if that commits. No account, no mail.
 */
export async function queueDeliveryOpenedMail(
  ctx: AppContext,
  db: Db,
  { userId, practiceId, orderableOn }: { userId: number; practiceId: number; orderableOn: string | null },
): Promise<void> {
  const account = await findAccountById(db, userId);
  if (!account || account.deleted_at) return;
  const link = `${ctx.config.publicUrl}/delivery`;
  await queueMail(ctx, db, 'delivery-opened', account, (locale) =>
    OPENED_TEXTS[locale]({
      firstName: account.first_name,
      practiceId,
      fee: deliveryFee().total,
      orderableOn,
      link,
    }),
  );
}
