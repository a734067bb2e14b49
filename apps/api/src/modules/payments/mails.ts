import { formatEuros, PAYMENT_MESSAGES, type Locale } from '@lisbon/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import type { MailContent } from '../../platform/mail/message';
import { queueMail } from '../../platform/mail/queue-mail';
import { greeting } from '../../platform/mail/greeting';

export type PaymentMailFacts = {
  firstName: string;
  amountCents: number;
  practiceId: number | null;
  invoiceNumber: string;
  receiptNumber: string;
  link: string;
};

const TEXTS: Record<Locale, (facts: PaymentMailFacts) => MailContent> = {
  'en-US': (f) => ({
    // For a request, this is also the 'request received' mail of the request's history.
    subject: f.practiceId
      ? `${PAYMENT_MESSAGES['en-US'].paymentSuccessful}: request no. ${f.practiceId} received`
      : PAYMENT_MESSAGES['en-US'].paymentSuccessful,
    greeting: greeting('en-US', f.firstName),
    paragraphs: [
      `We have received your payment of ${formatEuros(f.amountCents, 'en-US')}.`,
      ...(f.practiceId
        ? [`Your request no. ${f.practiceId} has been submitted and will be assigned to an evaluator.`]
        : []),
      `Invoice ${f.invoiceNumber} and receipt ${f.receiptNumber} are in your account, ready to download.`,
    ],
    action: { label: f.practiceId ? 'See your request' : 'See your account', url: f.link },
  }),
  'it-IT': (f) => ({
    subject: f.practiceId
      ? `${PAYMENT_MESSAGES['it-IT'].paymentSuccessful}: richiesta n. ${f.practiceId} ricevuta`
      : PAYMENT_MESSAGES['it-IT'].paymentSuccessful,
    greeting: greeting('it-IT', f.firstName),
    paragraphs: [
      `Abbiamo ricevuto il tuo pagamento di ${formatEuros(f.amountCents, 'it-IT')}.`,
      ...(f.practiceId
        ? [`La tua richiesta n. ${f.practiceId} è stata inviata e sarà assegnata a un valutatore.`]
        : []),
      `La fattura ${f.invoiceNumber} e la ricevuta ${f.receiptNumber} sono nel tuo account, pronte da scaricare.`,
    ],
    action: { label: f.practiceId ? 'Vedi la tua richiesta' : 'Vai al tuo account', url: f.link },
  }),
};

/** 'Payment successful', queued in the settling transaction `db` so it goes out once, with the settlement. */
export async function queuePaymentSuccessfulMail(
  ctx: AppContext,
  db: Db,
  recipient: { email: string; locale: string },
  facts: Omit<PaymentMailFacts, 'link'>,
): Promise<void> {
  const link = facts.practiceId
    ? `${ctx.config.publicUrl}/practices/${facts.practiceId}`
    : `${ctx.config.publicUrl}/account`;
  await queueMail(ctx, db, 'payment-successful', recipient, (locale) => TEXTS[locale]({ ...facts, link }));
}
