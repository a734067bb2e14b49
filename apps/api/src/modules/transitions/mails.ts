import { type ApplicantMail, type Locale, localeOrDefault } from '@lisbon/domain';
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
    'office-message': (f) => ({
      subject: `A message about your request no. ${f.practiceId}`,
      greeting: hello('en-US', f.firstName),
      paragraphs: [
        `The evaluation office writes about your request no. ${f.practiceId}:`,
        ...(f.text ? [f.text] : []),
      ],
      action: { label: 'See your request', url: f.link },
    }),
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
    'statement-published': (f) => ({
      subject: `Statement of request no. ${f.practiceId} published`,
      greeting: hello('en-US', f.firstName),
      paragraphs: [
        `The statement of your request no. ${f.practiceId} has been published. You can see it, download the signed PDF and share a link to its verification page from the request page.`,
      ],
      action: { label: 'See your statement', url: f.link },
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
    'appeal-received': (f) => ({
      subject: `Appeal or amendment of request no. ${f.practiceId} received`,
      greeting: hello('en-US', f.firstName),
      paragraphs: [
        `We have received your appeal or amendment of the statement of request no. ${f.practiceId}. The evaluation office will first check that it can be admitted, and we will write to you when it is decided.`,
      ],
      action: { label: 'See your request', url: f.link },
    }),
    'appeal-confirmed': (f) => ({
      subject: `Appeal of request no. ${f.practiceId} confirmed`,
      greeting: hello('en-US', f.firstName),
      paragraphs: [
        `Your appeal or amendment of request no. ${f.practiceId} has been admitted and is now in evaluation.`,
      ],
      action: { label: 'See your request', url: f.link },
    }),
    'appeal-refused': (f) => ({
      subject: `Appeal of request no. ${f.practiceId} refused`,
      greeting: hello('en-US', f.firstName),
      paragraphs: [
        `Your appeal or amendment of request no. ${f.practiceId} cannot be admitted. Your statement stays as it was published.`,
        ...(f.text ? [`Reason: ${f.text}`] : []),
      ],
      action: { label: 'See your request', url: f.link },
    }),
    'appeal-rejected': (f) => ({
      subject: `Appeal of request no. ${f.practiceId} rejected`,
      greeting: hello('en-US', f.firstName),
      paragraphs: [
        `Your appeal or amendment of request no. ${f.practiceId} has been evaluated and rejected. Your statement stays as it was published.`,
        ...(f.text ? [`Reason: ${f.text}`] : []),
      ],
      action: { label: 'See your request', url: f.link },
    }),
    'appeal-issued': (f) => ({
      subject: `Statement of appeal of request no. ${f.practiceId} issued`,
      greeting: hello('en-US', f.firstName),
      paragraphs: [
        `Your appeal of request no. ${f.practiceId} has been decided: the statement of appeal, attached to your statement, can be downloaded from the request page.`,
      ],
      action: { label: 'See your request', url: f.link },
    }),
    'amend-issued': (f) => ({
      subject: `Amended statement of request no. ${f.practiceId} issued`,
      greeting: hello('en-US', f.firstName),
      paragraphs: [
        `A new version of the statement of request no. ${f.practiceId} has been issued. The previous file is no longer valid: please use the new one, which you can download from the request page.`,
      ],
      action: { label: 'See your request', url: f.link },
    }),
  },
  'it-IT': {
    'office-message': (f) => ({
      subject: `Un messaggio sulla tua richiesta n. ${f.practiceId}`,
      greeting: hello('it-IT', f.firstName),
      paragraphs: [
        `L’ufficio valutazioni ti scrive sulla tua richiesta n. ${f.practiceId}:`,
        ...(f.text ? [f.text] : []),
      ],
      action: { label: 'Vedi la tua richiesta', url: f.link },
    }),
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
    'statement-published': (f) => ({
      subject: `Attestato della richiesta n. ${f.practiceId} pubblicato`,
      greeting: hello('it-IT', f.firstName),
      paragraphs: [
        `L’attestato della tua richiesta n. ${f.practiceId} è stato pubblicato. Dalla pagina della richiesta puoi vederlo, scaricare il PDF firmato e condividere un link alla sua pagina di verifica.`,
      ],
      action: { label: 'Vedi il tuo attestato', url: f.link },
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
    'appeal-received': (f) => ({
      subject: `Ricorso o rettifica della richiesta n. ${f.practiceId} ricevuto`,
      greeting: hello('it-IT', f.firstName),
      paragraphs: [
        `Abbiamo ricevuto il tuo ricorso o la tua rettifica dell’attestato della richiesta n. ${f.practiceId}. L’ufficio valutazioni verificherà prima che sia ammissibile e ti scriveremo quando sarà deciso.`,
      ],
      action: { label: 'Vedi la tua richiesta', url: f.link },
    }),
    'appeal-confirmed': (f) => ({
      subject: `Ricorso della richiesta n. ${f.practiceId} confermato`,
      greeting: hello('it-IT', f.firstName),
      paragraphs: [
        `Il tuo ricorso o la tua rettifica della richiesta n. ${f.practiceId} è stato ammesso ed è ora in valutazione.`,
      ],
      action: { label: 'Vedi la tua richiesta', url: f.link },
    }),
    'appeal-refused': (f) => ({
      subject: `Ricorso della richiesta n. ${f.practiceId} respinto`,
      greeting: hello('it-IT', f.firstName),
      paragraphs: [
        `Il tuo ricorso o la tua rettifica della richiesta n. ${f.practiceId} non può essere ammesso. L’attestato resta come è stato pubblicato.`,
        ...(f.text ? [`Motivo: ${f.text}`] : []),
      ],
      action: { label: 'Vedi la tua richiesta', url: f.link },
    }),
    'appeal-rejected': (f) => ({
      subject: `Ricorso della richiesta n. ${f.practiceId} rigettato`,
      greeting: hello('it-IT', f.firstName),
      paragraphs: [
        `Il tuo ricorso o la tua rettifica della richiesta n. ${f.practiceId} è stato valutato e rigettato. L’attestato resta come è stato pubblicato.`,
        ...(f.text ? [`Motivo: ${f.text}`] : []),
      ],
      action: { label: 'Vedi la tua richiesta', url: f.link },
    }),
    'appeal-issued': (f) => ({
      subject: `Attestato di ricorso della richiesta n. ${f.practiceId} rilasciato`,
      greeting: hello('it-IT', f.firstName),
      paragraphs: [
        `Il tuo ricorso della richiesta n. ${f.practiceId} è stato deciso: l’attestato di ricorso, allegato al tuo attestato, si scarica dalla pagina della richiesta.`,
      ],
      action: { label: 'Vedi la tua richiesta', url: f.link },
    }),
    'amend-issued': (f) => ({
      subject: `Attestato rettificato della richiesta n. ${f.practiceId} rilasciato`,
      greeting: hello('it-IT', f.firstName),
      paragraphs: [
        `È stata rilasciata una nuova versione dell’attestato della richiesta n. ${f.practiceId}. Il file precedente non è più valido: usa quello nuovo, che si scarica dalla pagina della richiesta.`,
      ],
      action: { label: 'Vedi la tua richiesta', url: f.link },
    }),
  },
};

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
  const locale = localeOrDefault(account.locale);
  const link = `${ctx.config.publicUrl}/practices/${practiceId}`;
  const content = TEXTS[locale][kind]({ firstName: account.first_name, practiceId, text, link });
  const message = renderMail(content, { kind, to: account.email, locale, publicUrl: ctx.config.publicUrl });
  await ctx.queue.enqueue(db, sendMailJob, message);
}
