import type { ApplicantMail, AppealType } from '@lisbon/domain';
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

/**
 * What the applicant asked for, in the mail's words: an amendment is never called an appeal
 * (decision 026); "appeal or amendment" only when the request holds neither (it cannot be read).
 */
const EN: Record<AppealType | 'either', { noun: string; Noun: string }> = {
  appeal: { noun: 'appeal', Noun: 'Appeal' },
  amendment: { noun: 'amendment', Noun: 'Amendment' },
  either: { noun: 'appeal or amendment', Noun: 'Appeal or amendment' },
};

/** In Italian the words agree with "ricorso" (masculine) or "rettifica" (feminine). */
const IT: Record<AppealType | 'either', { Noun: string; yours: string; your: string; end: 'o' | 'a' }> = {
  appeal: { Noun: 'Ricorso', yours: 'Il tuo ricorso', your: 'il tuo ricorso', end: 'o' },
  amendment: { Noun: 'Rettifica', yours: 'La tua rettifica', your: 'la tua rettifica', end: 'a' },
  either: {
    Noun: 'Ricorso o rettifica',
    yours: 'Il tuo ricorso o la tua rettifica',
    your: 'il tuo ricorso o la tua rettifica',
    end: 'o',
  },
};

const en = (type: AppealType | null) => EN[type ?? 'either'];
const it = (type: AppealType | null) => IT[type ?? 'either'];

/** The applicant's mails along their appeal or amendment (decision 026), from the request to the issued statement. */
export const APPEAL_MAILS: MailTexts<AppealMail> = {
  'en-US': {
    'appeal-received': (f) => ({
      subject: `${en(f.appealType).Noun} of request no. ${f.practiceId} received`,
      greeting: greeting('en-US', f.firstName),
      paragraphs: [
        `We have received your ${en(f.appealType).noun} of the statement of request no. ${f.practiceId}. The evaluation office will first check that it can be admitted, and we will write to you when it is decided.`,
      ],
      action: { label: 'See your request', url: f.link },
    }),
    'appeal-confirmed': (f) => ({
      subject: `${en(f.appealType).Noun} of request no. ${f.practiceId} confirmed`,
      greeting: greeting('en-US', f.firstName),
      paragraphs: [
        `Your ${en(f.appealType).noun} of request no. ${f.practiceId} has been admitted and is now in evaluation.`,
      ],
      action: { label: 'See your request', url: f.link },
    }),
    'appeal-refused': (f) => ({
      subject: `${en(f.appealType).Noun} of request no. ${f.practiceId} refused`,
      greeting: greeting('en-US', f.firstName),
      paragraphs: [
        `Your ${en(f.appealType).noun} of request no. ${f.practiceId} cannot be admitted: it does not change your statement.`,
        ...(f.text ? [`Reason: ${f.text}`] : []),
      ],
      action: { label: 'See your request', url: f.link },
    }),
    'appeal-rejected': (f) => ({
      subject: `${en(f.appealType).Noun} of request no. ${f.practiceId} rejected`,
      greeting: greeting('en-US', f.firstName),
      paragraphs: [
        `Your ${en(f.appealType).noun} of request no. ${f.practiceId} has been evaluated and rejected: it does not change your statement.`,
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
      subject: `${it(f.appealType).Noun} della richiesta n. ${f.practiceId} ricevut${it(f.appealType).end}`,
      greeting: greeting('it-IT', f.firstName),
      paragraphs: [
        `Abbiamo ricevuto ${it(f.appealType).your} dell’attestato della richiesta n. ${f.practiceId}. L’ufficio valutazioni verificherà prima che sia ammissibile e ti scriveremo quando sarà decis${it(f.appealType).end}.`,
      ],
      action: { label: 'Vedi la tua richiesta', url: f.link },
    }),
    'appeal-confirmed': (f) => ({
      subject: `${it(f.appealType).Noun} della richiesta n. ${f.practiceId} confermat${it(f.appealType).end}`,
      greeting: greeting('it-IT', f.firstName),
      paragraphs: [
        `${it(f.appealType).yours} della richiesta n. ${f.practiceId} è stat${it(f.appealType).end} ammess${it(f.appealType).end} ed è ora in valutazione.`,
      ],
      action: { label: 'Vedi la tua richiesta', url: f.link },
    }),
    'appeal-refused': (f) => ({
      subject: `${it(f.appealType).Noun} della richiesta n. ${f.practiceId} respint${it(f.appealType).end}`,
      greeting: greeting('it-IT', f.firstName),
      paragraphs: [
        `${it(f.appealType).yours} della richiesta n. ${f.practiceId} non può essere ammess${it(f.appealType).end}: non modifica il tuo attestato.`,
        ...(f.text ? [`Motivo: ${f.text}`] : []),
      ],
      action: { label: 'Vedi la tua richiesta', url: f.link },
    }),
    'appeal-rejected': (f) => ({
      subject: `${it(f.appealType).Noun} della richiesta n. ${f.practiceId} rigettat${it(f.appealType).end}`,
      greeting: greeting('it-IT', f.firstName),
      paragraphs: [
        `${it(f.appealType).yours} della richiesta n. ${f.practiceId} è stat${it(f.appealType).end} valutat${it(f.appealType).end} e rigettat${it(f.appealType).end}: non modifica il tuo attestato.`,
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
