import type { ApplicantMail } from '@lisbon/domain';
import type { MailTexts } from './greeting';
import { greeting } from '../../platform/mail/greeting';

type StatementMail = Extract<ApplicantMail, 'statement-published' | 'statement-withdrawn'>;

/**
 * The applicant's mails about their statement: published (sent by the publish job's seal step),
 * and withdrawn by the body (`lisbon statement:withdraw`, decision 097), with the reason given.
 */
export const STATEMENT_MAILS: MailTexts<StatementMail> = {
  'en-US': {
    'statement-published': (f) => ({
      subject: `Statement of request no. ${f.practiceId} published`,
      greeting: greeting('en-US', f.firstName),
      paragraphs: [
        `The statement of your request no. ${f.practiceId} has been published. You can see it, download the signed PDF and share a link to its verification page from the request page.`,
      ],
      action: { label: 'See your statement', url: f.link },
    }),
    'statement-withdrawn': (f) => ({
      subject: `Statement of request no. ${f.practiceId} withdrawn`,
      greeting: greeting('en-US', f.firstName),
      paragraphs: [
        `The evaluation body has withdrawn the statement of your request no. ${f.practiceId}. From now on its verification page and the check of its PDF say that it is NOT valid, and a copy of it in a digital wallet reads revoked.`,
        `The reason given: ${f.text ?? ''}`,
        {
          text: 'If you have questions about this decision, write to the evaluation body from the contact page:',
          url: f.contactUrl,
        },
      ],
      action: { label: 'See your request', url: f.link },
    }),
  },
  'it-IT': {
    'statement-published': (f) => ({
      subject: `Attestato della richiesta n. ${f.practiceId} pubblicato`,
      greeting: greeting('it-IT', f.firstName),
      paragraphs: [
        `L’attestato della tua richiesta n. ${f.practiceId} è stato pubblicato. Dalla pagina della richiesta puoi vederlo, scaricare il PDF firmato e condividere un link alla sua pagina di verifica.`,
      ],
      action: { label: 'Vedi il tuo attestato', url: f.link },
    }),
    'statement-withdrawn': (f) => ({
      subject: `Attestato della richiesta n. ${f.practiceId} ritirato`,
      greeting: greeting('it-IT', f.firstName),
      paragraphs: [
        `L’ente di valutazione ha ritirato l’attestato della tua richiesta n. ${f.practiceId}. D’ora in poi la sua pagina di verifica e il controllo del suo PDF dicono che NON è valido, e una sua copia in un portafoglio digitale risulta revocata.`,
        `Il motivo indicato: ${f.text ?? ''}`,
        {
          text: 'Per domande su questa decisione, scrivi all’ente di valutazione dalla pagina dei contatti:',
          url: f.contactUrl,
        },
      ],
      action: { label: 'Vedi la tua richiesta', url: f.link },
    }),
  },
};
