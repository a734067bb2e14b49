import type { Locale } from '@lisbon/domain';
import type { MailContent } from '../../platform/mail/message';
import { greeting } from '../../platform/mail/greeting';

export const IDENTITY_MAILS = [
  'activation',
  'already-registered',
  'password-reset',
  'password-changed',
  'two-factor-enabled',
  'two-factor-disabled',
  'account-deleted',
] as const;
export type IdentityMail = (typeof IDENTITY_MAILS)[number];

export type MailTextParams = {
  firstName: string;
  /**
   * The account is an applicant's, its name typed by whoever registered the email: a message to an
   * address nobody confirmed yet (the activation) must not carry it. A staff account's name was
   * given by its administrator (`user:create`).
   */
  isNameTypedByRegistrant: boolean;
  /** The action link, when the message has one. */
  link: string;
  /** The link withdrew an earlier one of the same kind, which no longer works. */
  replacesEarlierLink: boolean;
  /** The contact page, for the messages that say "contact us". */
  contactUrl: string;
  activationHours: number;
  resetMinutes: number;
};

type Texts = Record<IdentityMail, (params: MailTextParams) => MailContent>;

/** Said when a new link withdrew an earlier one, so nobody wonders why the first mail's link fails. */
const replaced = (p: MailTextParams, sentence: string): string[] => (p.replacesEarlierLink ? [sentence] : []);
const EN_REPLACED = 'This link replaces the one we sent you earlier, which no longer works.';
const IT_REPLACED = 'Questo link sostituisce quello che ti abbiamo inviato prima, che non funziona più.';

/**
 * The activation goes to an address nobody has confirmed yet, so it carries no word the registrant
 * typed: a name of "Urgent. Call evil.example" would reach a stranger in the body's own mail. It
 * greets by name only a staff account, whose name its administrator gave.
 */
const activationName = (p: MailTextParams): string => (p.isNameTypedByRegistrant ? '' : p.firstName);

/**
 * Nobody registered a staff account: its administrator created it (`user:create`), so its activation
 * says so instead of thanking the reader for registering.
 */
const isCreatedByAdministrator = (p: MailTextParams): boolean => !p.isNameTypedByRegistrant;

const EN: Texts = {
  activation: (p) => ({
    subject: 'Activate your account',
    greeting: greeting('en-US', activationName(p)),
    paragraphs: [
      isCreatedByAdministrator(p)
        ? 'An administrator has created a staff account for you on Lisbon, the portal for the recognition of foreign qualifications. To activate it, open the link below and choose your password.'
        : 'Thank you for registering. To activate your account, open the link below and choose your password.',
      `The link can be used once, within ${p.activationHours} hours.`,
      ...replaced(p, EN_REPLACED),
    ],
    action: { label: 'Activate your account', url: p.link },
    footer: isCreatedByAdministrator(p)
      ? 'If you were not expecting this account, ignore this message: it will not be activated.'
      : 'If you did not register, ignore this message: no account will be activated.',
  }),
  'already-registered': (p) => ({
    subject: 'You already have an account',
    greeting: greeting('en-US', p.firstName),
    paragraphs: [
      'Someone, probably you, tried to register with this email address, but it already has an account.',
      'You can log in with it. If you forgot your password, you can set a new one.',
    ],
    action: { label: 'Set a new password', url: p.link },
    footer: 'If it was not you, ignore this message: your account has not changed.',
  }),
  'password-reset': (p) => ({
    subject: 'Set a new password',
    greeting: greeting('en-US', p.firstName),
    paragraphs: [
      'We received a request to set a new password for your account.',
      `The link can be used once, within ${p.resetMinutes} minutes.`,
      ...replaced(p, EN_REPLACED),
    ],
    action: { label: 'Set a new password', url: p.link },
    footer: 'If you did not ask for this, ignore this message: your password has not changed.',
  }),
  'password-changed': (p) => ({
    subject: 'Your password was changed',
    greeting: greeting('en-US', p.firstName),
    paragraphs: ['The password of your account was just changed, and your other sessions were logged out.'],
    action: { label: 'Set a new password', url: p.link },
    footer: `If you did not do this, set a new password at once and contact us: ${p.contactUrl}`,
  }),
  'two-factor-enabled': (p) => ({
    subject: 'Two-factor authentication enabled',
    greeting: greeting('en-US', p.firstName),
    paragraphs: [
      'Two-factor authentication is now on: logging in will also ask for a code from your authenticator app.',
      'Keep your recovery codes in a safe place. Each works once, if you lose your phone.',
    ],
    footer: `If you did not do this, contact us at once: ${p.contactUrl}`,
  }),
  'two-factor-disabled': (p) => ({
    subject: 'Two-factor authentication disabled',
    greeting: greeting('en-US', p.firstName),
    paragraphs: ['Two-factor authentication is now off: logging in asks for your password only.'],
    footer: `If you did not do this, set a new password at once and contact us: ${p.contactUrl}`,
  }),
  'account-deleted': (p) => ({
    subject: 'Your account has been deleted',
    greeting: greeting('en-US', p.firstName),
    paragraphs: [
      'As you asked, your account and its personal data have been deleted.',
      'We keep only what the law requires us to keep, such as invoices.',
    ],
    footer: `If you did not ask for this, contact us: ${p.contactUrl}`,
  }),
};

const IT: Texts = {
  activation: (p) => ({
    subject: 'Attiva il tuo account',
    greeting: greeting('it-IT', activationName(p)),
    paragraphs: [
      isCreatedByAdministrator(p)
        ? 'Un amministratore ha creato per te un account del personale su Lisbon, il portale per il riconoscimento dei titoli esteri. Per attivarlo apri il link qui sotto e scegli la tua password.'
        : 'Grazie per la registrazione. Per attivare il tuo account apri il link qui sotto e scegli la tua password.',
      `Il link si può usare una sola volta, entro ${p.activationHours} ore.`,
      ...replaced(p, IT_REPLACED),
    ],
    action: { label: 'Attiva il tuo account', url: p.link },
    footer: isCreatedByAdministrator(p)
      ? 'Se non ti aspettavi questo account, ignora questo messaggio: non verrà attivato.'
      : 'Se non ti sei registrato, ignora questo messaggio: nessun account verrà attivato.',
  }),
  'already-registered': (p) => ({
    subject: 'Hai già un account',
    greeting: greeting('it-IT', p.firstName),
    paragraphs: [
      'Qualcuno, probabilmente tu, ha provato a registrarsi con questo indirizzo email, che ha già un account.',
      'Puoi accedere con questo indirizzo. Se hai dimenticato la password, puoi impostarne una nuova.',
    ],
    action: { label: 'Imposta una nuova password', url: p.link },
    footer: 'Se non sei stato tu, ignora questo messaggio: il tuo account non è cambiato.',
  }),
  'password-reset': (p) => ({
    subject: 'Imposta una nuova password',
    greeting: greeting('it-IT', p.firstName),
    paragraphs: [
      'Abbiamo ricevuto una richiesta di impostare una nuova password per il tuo account.',
      `Il link si può usare una sola volta, entro ${p.resetMinutes} minuti.`,
      ...replaced(p, IT_REPLACED),
    ],
    action: { label: 'Imposta una nuova password', url: p.link },
    footer: 'Se non hai fatto tu questa richiesta, ignora questo messaggio: la password non è cambiata.',
  }),
  'password-changed': (p) => ({
    subject: 'La tua password è stata cambiata',
    greeting: greeting('it-IT', p.firstName),
    paragraphs: [
      'La password del tuo account è appena stata cambiata e le altre sessioni sono state chiuse.',
    ],
    action: { label: 'Imposta una nuova password', url: p.link },
    footer: `Se non sei stato tu, imposta subito una nuova password e contattaci: ${p.contactUrl}`,
  }),
  'two-factor-enabled': (p) => ({
    subject: 'Autenticazione a due fattori attivata',
    greeting: greeting('it-IT', p.firstName),
    paragraphs: [
      'L’autenticazione a due fattori è attiva: all’accesso ti verrà chiesto anche un codice della tua app di autenticazione.',
      'Conserva i codici di recupero in un luogo sicuro. Ognuno funziona una sola volta, se perdi il telefono.',
    ],
    footer: `Se non sei stato tu, contattaci subito: ${p.contactUrl}`,
  }),
  'two-factor-disabled': (p) => ({
    subject: 'Autenticazione a due fattori disattivata',
    greeting: greeting('it-IT', p.firstName),
    paragraphs: ['L’autenticazione a due fattori è disattivata: per accedere basta la password.'],
    footer: `Se non sei stato tu, imposta subito una nuova password e contattaci: ${p.contactUrl}`,
  }),
  'account-deleted': (p) => ({
    subject: 'Il tuo account è stato eliminato',
    greeting: greeting('it-IT', p.firstName),
    paragraphs: [
      'Come hai chiesto, il tuo account e i suoi dati personali sono stati eliminati.',
      'Conserviamo solo ciò che la legge ci impone di conservare, come le fatture.',
    ],
    footer: `Se non lo hai chiesto tu, contattaci: ${p.contactUrl}`,
  }),
};

export const MAIL_TEXTS: Record<Locale, Texts> = { 'en-US': EN, 'it-IT': IT };
