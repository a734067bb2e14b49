import { DOCUMENT_TYPE_NAMES, type ApplicantMail, type DocumentType, type Locale } from '@lisbon/domain';
import type { MailTexts } from './greeting';
import { greeting } from '../../platform/mail/greeting';

type RequestMail = Extract<
  ApplicantMail,
  'request-received' | 'question-asked' | 'closed' | 'office-message'
>;

/** The document types asked for, by their names in the mail's language. */
const documentNames = (types: readonly DocumentType[], locale: Locale) =>
  types.map((type) => DOCUMENT_TYPE_NAMES[locale][type]).join('; ');

/** The applicant's mails about their request's course: received, a question asked, a message from the office, closed. */
export const REQUEST_MAILS: MailTexts<RequestMail> = {
  'en-US': {
    'request-received': (f) => ({
      subject: `Request no. ${f.practiceId} received`,
      greeting: greeting('en-US', f.firstName),
      paragraphs: [
        `We have received your request no. ${f.practiceId}. It will be assigned to an evaluator, and we will write to you when something changes.`,
      ],
      action: { label: 'See your request', url: f.link },
    }),
    'question-asked': (f) => ({
      subject: `A question about your request no. ${f.practiceId}`,
      greeting: greeting('en-US', f.firstName),
      paragraphs: [
        `The evaluation office needs something from you to go on with your request no. ${f.practiceId}:`,
        ...(f.text ? [f.text] : []),
        ...(f.documents.length > 0 ? [`Documents asked for: ${documentNames(f.documents, 'en-US')}.`] : []),
        'Please reply, and upload any document asked for, from the request page.',
      ],
      action: { label: 'Reply', url: f.link },
    }),
    closed: (f) => ({
      subject: `Request no. ${f.practiceId} closed`,
      greeting: greeting('en-US', f.firstName),
      paragraphs: [
        `Your request no. ${f.practiceId} has been closed.`,
        ...(f.text ? [`Reason: ${f.text}`] : []),
      ],
      action: { label: 'See your request', url: f.link },
    }),
    'office-message': (f) => ({
      subject: `A message about your request no. ${f.practiceId}`,
      greeting: greeting('en-US', f.firstName),
      paragraphs: [
        `The evaluation office writes about your request no. ${f.practiceId}:`,
        ...(f.text ? [f.text] : []),
      ],
      action: { label: 'See your request', url: f.link },
    }),
  },
  'it-IT': {
    'request-received': (f) => ({
      subject: `Richiesta n. ${f.practiceId} ricevuta`,
      greeting: greeting('it-IT', f.firstName),
      paragraphs: [
        `Abbiamo ricevuto la tua richiesta n. ${f.practiceId}. Sarà assegnata a un valutatore e ti scriveremo quando qualcosa cambierà.`,
      ],
      action: { label: 'Vedi la tua richiesta', url: f.link },
    }),
    'question-asked': (f) => ({
      subject: `Una domanda sulla tua richiesta n. ${f.practiceId}`,
      greeting: greeting('it-IT', f.firstName),
      paragraphs: [
        `L’ufficio valutazioni ha bisogno di qualcosa da te per proseguire con la tua richiesta n. ${f.practiceId}:`,
        ...(f.text ? [f.text] : []),
        ...(f.documents.length > 0 ? [`Documenti richiesti: ${documentNames(f.documents, 'it-IT')}.`] : []),
        'Rispondi, e carica i documenti richiesti, dalla pagina della richiesta.',
      ],
      action: { label: 'Rispondi', url: f.link },
    }),
    closed: (f) => ({
      subject: `Richiesta n. ${f.practiceId} chiusa`,
      greeting: greeting('it-IT', f.firstName),
      paragraphs: [
        `La tua richiesta n. ${f.practiceId} è stata chiusa.`,
        ...(f.text ? [`Motivo: ${f.text}`] : []),
      ],
      action: { label: 'Vedi la tua richiesta', url: f.link },
    }),
    'office-message': (f) => ({
      subject: `Un messaggio sulla tua richiesta n. ${f.practiceId}`,
      greeting: greeting('it-IT', f.firstName),
      paragraphs: [
        `L’ufficio valutazioni ti scrive sulla tua richiesta n. ${f.practiceId}:`,
        ...(f.text ? [f.text] : []),
      ],
      action: { label: 'Vedi la tua richiesta', url: f.link },
    }),
  },
};
