import { LOCALES, type ApplicantMail, type Locale } from '@lisbon/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { renderMail, type MailContent } from '../../platform/mail/message';
import { sendMailJob } from '../../platform/mail/send-mail.job';
import { findAccountById } from '../users/accounts';

type Facts = { firstName: string; practiceId: number; text: string | null; link: string };

const hello = (locale: Locale, name: string) =>
  locale === 'it-IT' ? (name ? `Gentile ${name},` : 'Gentile utente,') : name ? `Hello ${name},` : 'Hello,';

/** What the applicant is told about their request, in each interface language. */
const TEXTS: Record<Locale, Record<ApplicantMail, (facts: Facts) => MailContent>> = {
  'en-US': {
    'request-received': (f) => ({
      subject: `Request no. ${f.practiceId} received`,
      greeting: hello('en-US', f.firstName),
      paragraphs: [
        `We have received your request no. ${f.practiceId}. It will be assigned to an evaluator, and we will write to you when something changes.`,
      ],
      action: { label: 'See your request', url: f.link },
    }),
    'question-asked': (f) => ({
      subject: `A question about your request no. ${f.practiceId}`,
      greeting: hello('en-US', f.firstName),
      paragraphs: [
        `The evaluation office needs something from you to go on with your request no. ${f.practiceId}:`,
        ...(f.text ? [f.text] : []),
        'Please reply, and upload any document asked for, from the request page.',
      ],
      action: { label: 'Reply', url: f.link },
    }),
    closed: (f) => ({
      subject: `Request no. ${f.practiceId} closed`,
      greeting: hello('en-US', f.firstName),
      paragraphs: [
        `Your request no. ${f.practiceId} has been closed.`,
        ...(f.text ? [`Reason: ${f.text}`] : []),
      ],
      action: { label: 'See your request', url: f.link },
    }),
  },
  'it-IT': {
    'request-received': (f) => ({
      subject: `Richiesta n. ${f.practiceId} ricevuta`,
      greeting: hello('it-IT', f.firstName),
      paragraphs: [
        `Abbiamo ricevuto la tua richiesta n. ${f.practiceId}. Sarà assegnata a un valutatore e ti scriveremo quando qualcosa cambierà.`,
      ],
      action: { label: 'Vedi la tua richiesta', url: f.link },
    }),
    'question-asked': (f) => ({
      subject: `Una domanda sulla tua richiesta n. ${f.practiceId}`,
      greeting: hello('it-IT', f.firstName),
      paragraphs: [
        `L'ufficio valutazioni ha bisogno di qualcosa da te per proseguire con la tua richiesta n. ${f.practiceId}:`,
        ...(f.text ? [f.text] : []),
        'Rispondi, e carica i documenti richiesti, dalla pagina della richiesta.',
      ],
      action: { label: 'Rispondi', url: f.link },
    }),
    closed: (f) => ({
      subject: `Richiesta n. ${f.practiceId} chiusa`,
      greeting: hello('it-IT', f.firstName),
      paragraphs: [
        `La tua richiesta n. ${f.practiceId} è stata chiusa.`,
        ...(f.text ? [`Motivo: ${f.text}`] : []),
      ],
      action: { label: 'Vedi la tua richiesta', url: f.link },
    }),
  },
};

const localeOf = (value: string): Locale =>
  (LOCALES as readonly string[]).includes(value) ? (value as Locale) : 'en-US';

/**
 * Queues a mail about a request to its applicant, in their language, in the caller's transaction
 * `db`: it goes out if and only if the change it tells about is committed. No account, no mail.
 */
export async function queueApplicantMail(
  ctx: AppContext,
  db: Db,
  kind: ApplicantMail,
  { userId, practiceId, text = null }: { userId: number; practiceId: number; text?: string | null },
): Promise<void> {
  const account = await findAccountById(db, userId);
  if (!account) return;
  const locale = localeOf(account.locale);
  const link = `${ctx.config.publicUrl}/practices/${practiceId}`;
  const content = TEXTS[locale][kind]({ firstName: account.first_name, practiceId, text, link });
  const message = renderMail(content, { kind, to: account.email, locale, publicUrl: ctx.config.publicUrl });
  await ctx.queue.enqueue(db, sendMailJob, message);
}
