import type { ApplicantMail } from '@lisbon/domain';
import type { MailTexts } from './greeting';
import { greeting } from '../../platform/mail/greeting';

type AppealMail = Extract<
  ApplicantMail,
  | 'appeal-received'
  | 'appeal-confirmed'
  | 'appeal-refused'
  | 'appeal-rejected'
  | 'appeal-issued'
  | 'amend-issued'
>;

/** The applicant's mails along their appeal or amendment (decision 026), from the request to the issued statement. */
export const APPEAL_MAILS: MailTexts<AppealMail> = {
  'en-US': {
    'appeal-received': (f) => ({
      subject: `Appeal or amendment of request no. ${f.practiceId} received`,
      greeting: greeting('en-US', f.firstName),
      paragraphs: [
        `We have received your appeal or amendment of the statement of request no. ${f.practiceId}. The evaluation office will first check that it can be admitted, and we will write to you when it is decided.`,
      ],
      action: { label: 'See your request', url: f.link },
    }),
    'appeal-confirmed': (f) => ({
      subject: `Appeal of request no. ${f.practiceId} confirmed`,
      greeting: greeting('en-US', f.firstName),
      paragraphs: [
        `Your appeal or amendment of request no. ${f.practiceId} has been admitted and is now in evaluation.`,
      ],
      action: { label: 'See your request', url: f.link },
    }),
    'appeal-refused': (f) => ({
      subject: `Appeal of request no. ${f.practiceId} refused`,
      greeting: greeting('en-US', f.firstName),
      paragraphs: [
        `Your appeal or amendment of request no. ${f.practiceId} cannot be admitted: it does not change your statement.`,
        ...(f.text ? [`Reason: ${f.text}`] : []),
      ],
      action: { label: 'See your request', url: f.link },
    }),
    'appeal-rejected': (f) => ({
      subject: `Appeal of request no. ${f.practiceId} rejected`,
      greeting: greeting('en-US', f.firstName),
      paragraphs: [
        `Your appeal or amendment of request no. ${f.practiceId} has been evaluated and rejected: it does not change your statement.`,
        ...(f.text ? [`Reason: ${f.text}`] : []),
      ],
      action: { label: 'See your request', url: f.link },
    }),
    'appeal-issued': (f) => ({
      subject: `Statement of appeal of request no. ${f.practiceId} issued`,
      greeting: greeting('en-US', f.firstName),
      paragraphs: [
        `Your appeal of request no. ${f.practiceId} has been decided: the statement of appeal, attached to your statement, can be downloaded from the request page.`,
      ],
      action: { label: 'See your request', url: f.link },
    }),
    'amend-issued': (f) => ({
      subject: `Amended statement of request no. ${f.practiceId} issued`,
      greeting: greeting('en-US', f.firstName),
      paragraphs: [
        `A new version of the statement of request no. ${f.practiceId} has been issued. The previous file is no longer valid: please use the new one, which you can download from the request page.`,
      ],
      action: { label: 'See your request', url: f.link },
    }),
  },
  'it-IT': {
    'appeal-received': (f) => ({
      subject: `Ricorso o rettifica della richiesta n. ${f.practiceId} ricevuto`,
      greeting: greeting('it-IT', f.firstName),
      paragraphs: [
        `Abbiamo ricevuto il tuo ricorso o la tua rettifica dell’attestato della richiesta n. ${f.practiceId}. L’ufficio valutazioni verificherà prima che sia ammissibile e ti scriveremo quando sarà deciso.`,
      ],
      action: { label: 'Vedi la tua richiesta', url: f.link },
    }),
    'appeal-confirmed': (f) => ({
      subject: `Ricorso della richiesta n. ${f.practiceId} confermato`,
      greeting: greeting('it-IT', f.firstName),
      paragraphs: [
        `Il tuo ricorso o la tua rettifica della richiesta n. ${f.practiceId} è stato ammesso ed è ora in valutazione.`,
      ],
      action: { label: 'Vedi la tua richiesta', url: f.link },
    }),
    'appeal-refused': (f) => ({
      subject: `Ricorso della richiesta n. ${f.practiceId} respinto`,
      greeting: greeting('it-IT', f.firstName),
      paragraphs: [
        `Il tuo ricorso o la tua rettifica della richiesta n. ${f.practiceId} non può essere ammesso: non modifica il tuo attestato.`,
        ...(f.text ? [`Motivo: ${f.text}`] : []),
      ],
      action: { label: 'Vedi la tua richiesta', url: f.link },
    }),
    'appeal-rejected': (f) => ({
      subject: `Ricorso della richiesta n. ${f.practiceId} rigettato`,
      greeting: greeting('it-IT', f.firstName),
      paragraphs: [
        `Il tuo ricorso o la tua rettifica della richiesta n. ${f.practiceId} è stato valutato e rigettato: non modifica il tuo attestato.`,
        ...(f.text ? [`Motivo: ${f.text}`] : []),
      ],
      action: { label: 'Vedi la tua richiesta', url: f.link },
    }),
    'appeal-issued': (f) => ({
      subject: `Attestato di ricorso della richiesta n. ${f.practiceId} rilasciato`,
      greeting: greeting('it-IT', f.firstName),
      paragraphs: [
        `Il tuo ricorso della richiesta n. ${f.practiceId} è stato deciso: l’attestato di ricorso, allegato al tuo attestato, si scarica dalla pagina della richiesta.`,
      ],
      action: { label: 'Vedi la tua richiesta', url: f.link },
    }),
    'amend-issued': (f) => ({
      subject: `Attestato rettificato della richiesta n. ${f.practiceId} rilasciato`,
      greeting: greeting('it-IT', f.firstName),
      paragraphs: [
        `È stata rilasciata una nuova versione dell’attestato della richiesta n. ${f.practiceId}. Il file precedente non è più valido: usa quello nuovo, che si scarica dalla pagina della richiesta.`,
      ],
      action: { label: 'Vedi la tua richiesta', url: f.link },
    }),
  },
};
