import type { Locale } from '@lisbon/domain';
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
      `I documenti originali cartacei della tua richiesta n. ${f.practiceId} sono stati consegnati all'indirizzo che hai indicato.`,
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
