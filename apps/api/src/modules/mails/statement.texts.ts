import type { ApplicantMail } from '@lisbon/domain';
import type { MailTexts } from './greeting';
import { greeting } from '../../platform/mail/greeting';

type StatementMail = Extract<ApplicantMail, 'statement-published'>;

/** The applicant's mail when their statement is published (sent by the publish job's seal step). */
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
  },
};
