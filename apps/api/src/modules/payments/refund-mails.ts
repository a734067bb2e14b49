import { formatEuros, type Locale, type RefundReason } from '@lisbon/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import type { MailContent } from '../../platform/mail/message';
import { queueMail } from '../../platform/mail/queue-mail';
import { greeting } from '../../platform/mail/greeting';

export type RefundMailFacts = {
  firstName: string;
  amountCents: number;
  reason: RefundReason;
  practiceId: number | null;
  deliveryId: number | null;
  creditNoteNumber: string | null;
  link: string;
};

const WHY: Record<Locale, (f: RefundMailFacts) => string> = {
  'en-US': (f) => {
    switch (f.reason) {
      case 'delivery_cancelled':
        return `The return delivery no. ${f.deliveryId ?? ''} of your original documents has been cancelled, so we have refunded its fee.`;
      case 'not_submitted':
        return f.practiceId
          ? `Your payment arrived when request no. ${f.practiceId} could no longer be submitted with it (it had been changed or already paid for), so the request was not submitted and we have refunded the payment.`
          : 'Your payment arrived after the request it was for had been deleted, so nothing was submitted and we have refunded the payment.';
      case 'closed_before_evaluation':
        return `Your request no. ${f.practiceId ?? ''} was closed before its evaluation started, so we have refunded what you paid for it.`;
    }
  },
  'it-IT': (f) => {
    switch (f.reason) {
      case 'delivery_cancelled':
        return `La restituzione n. ${f.deliveryId ?? ''} dei tuoi documenti originali è stata annullata: ti abbiamo rimborsato la tariffa.`;
      case 'not_submitted':
        return f.practiceId
          ? `Quando il tuo pagamento è arrivato, la richiesta n. ${f.practiceId} non poteva più essere inviata con quel pagamento (era stata modificata o era già stata pagata): non l’abbiamo inviata e ti abbiamo rimborsato l’importo.`
          : 'Il tuo pagamento è arrivato dopo l’eliminazione della richiesta a cui si riferiva: non è stato inviato nulla e ti abbiamo rimborsato il pagamento.';
      case 'closed_before_evaluation':
        return `La tua richiesta n. ${f.practiceId ?? ''} è stata chiusa prima dell’inizio della valutazione: ti abbiamo rimborsato quanto pagato.`;
    }
  },
};

const TEXTS: Record<Locale, (facts: RefundMailFacts) => MailContent> = {
  'en-US': (f) => ({
    subject: `Refund of ${formatEuros(f.amountCents, 'en-US')}`,
    greeting: greeting('en-US', f.firstName),
    paragraphs: [
      WHY['en-US'](f),
      `${formatEuros(f.amountCents, 'en-US')} go back to the card you paid with; your bank may take a few working days to show it.`,
      ...(f.creditNoteNumber
        ? [`Credit note ${f.creditNoteNumber} is in your account, ready to download.`]
        : []),
    ],
    action: { label: 'See your account', url: f.link },
  }),
  'it-IT': (f) => ({
    subject: `Rimborso di ${formatEuros(f.amountCents, 'it-IT')}`,
    greeting: greeting('it-IT', f.firstName),
    paragraphs: [
      WHY['it-IT'](f),
      `${formatEuros(f.amountCents, 'it-IT')} tornano sulla carta con cui hai pagato; la tua banca può impiegare alcuni giorni lavorativi a mostrarli.`,
      ...(f.creditNoteNumber
        ? [`La nota di credito ${f.creditNoteNumber} è nel tuo account, pronta da scaricare.`]
        : []),
    ],
    action: { label: 'Vai al tuo account', url: f.link },
  }),
};

/** 'Refund', in the applicant's language, queued in the refund's settling transaction `db`. */
export async function queueRefundMail(
  ctx: AppContext,
  db: Db,
  recipient: { email: string; locale: string },
  facts: Omit<RefundMailFacts, 'link'>,
): Promise<void> {
  await queueMail(ctx, db, 'payment-refunded', recipient, (locale) =>
    TEXTS[locale]({ ...facts, link: `${ctx.config.publicUrl}/account` }),
  );
}
