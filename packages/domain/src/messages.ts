import type { ErrorCode } from './errors';
import { DEFAULT_LOCALE, type Locale } from './locales';

/**
 * Validation messages of spec §5 and the API's error messages, in both languages.
 * Placeholders use i18next's `{{name}}` so the web merges these into its catalogue unchanged.
 */
const VALIDATION_EN = {
  required: 'This field is required',
  minLength: 'Minimum length {{min}} characters',
  maxLength: 'Maximum length {{max}} characters',
  emailInvalid: 'Email not valid',
  dateInvalid: 'Date not valid',
  phoneInvalid: 'Phone number not valid (add country code)',
  numberMin: 'Must be greater than {{min}}',
  numberMax: 'Must be less or equal than {{max}}',
  passwordsDoNotMatch: 'The passwords do not match',
  dateAfter: 'The date must be after {{date}}',
  dateSameOrBefore: 'The date must be on or before {{date}}',
  dateSameOrAfter: 'The date must be on or after {{date}}',
  taxIdInvalid: 'Invalid Tax ID Number',
  emailMismatch: 'The email address does not match.',
  invalidValue: 'Value not valid',
  numberOutOfRange: 'This number is out of range',
  nameCharacters: 'Use letters, spaces, apostrophes, hyphens and dots only',
  characterNotAccepted: 'This field holds a character that is not accepted',
  invalidOption: 'Choose one of the options offered',
  unknownField: 'This field is not accepted',
  passwordRule:
    'The password needs at least 8 characters, one uppercase letter, one lowercase letter, one digit and one special character',
  passwordCommon: 'This password is too common. Choose a less predictable one.',
  adultsOnly: 'Services are restricted to adults: you must be at least 18 years old.',
  termsRequired: 'You must accept the terms and conditions',
  taxIdOmocodiaConfirm: 'This tax ID is valid but unusual (omocodia): please confirm that it is yours.',
  tokenNotFound: 'Token not found',
  twoFactorCodeInvalid: 'The code is not valid. Try again or contact us',
  currentPasswordWrong: 'The current password is not correct',
  dateAfterEnrolment: 'The date must be after the enrolment date',
  dateSameOrAfterGraduation: 'The date must be on or after the graduation date',
  dateNotInFuture: 'The date must be today or earlier',
  dateNotBeforeStart: 'The end of the period must be on or after its start',
  vatNumberInvalid: 'Invalid VAT number',
  sdiCodeInvalid: 'The unique code (SDI) has 7 letters or digits',
  sdiOrPecRequired: 'Give the unique code (SDI) or a certified email address (PEC)',
  noServiceAvailable: 'No service available',
  urgentNotAvailable: 'Urgent processing is not available for this service',
  documentRequired: 'This document is required',
  fileTypeNotAccepted: 'File type not accepted: upload a PDF, JPEG or PNG file',
  fileActiveContent:
    '“{{file}}” holds scripts, embedded files or other active content, which are not accepted: print it to a new PDF or scan the paper copy, and upload that',
  fileProtected:
    '“{{file}}” is password-protected or encrypted, so its content cannot be checked: upload a copy without protection',
  fileHoldsMarkup:
    '“{{file}}” holds web-page code (HTML or a script) besides the document: save or scan the document again, and upload that',
  fileDamaged:
    '“{{file}}” is not a readable {{format}} file, or it is cut short: save or export it again, and upload that',
  fileExpandsTooMuch:
    '“{{file}}” expands to more than {{max}} MB when opened: save it again with compression (a smaller size or resolution), and upload that',
  fileTooManyPixels:
    '“{{file}}” has more than {{max}} million pixels: save it at a lower resolution, and upload that',
  reviewerNotEvaluator: 'The reviewer must be someone other than the evaluator',
  verificationNotInService: 'This service does not include verification with the issuer',
  documentNotOfPractice: 'Attach only documents uploaded to this request',
  dateNotInPast: 'The date must be today or later',
  dateWithinYear: 'Choose a date within one year from today',
  periodOverlaps: 'This period overlaps another one of the same kind',
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_EN;

const VALIDATION_IT: Record<ValidationMessageKey, string> = {
  required: 'Questo campo è obbligatorio',
  minLength: 'Lunghezza minima {{min}} caratteri',
  maxLength: 'Lunghezza massima {{max}} caratteri',
  emailInvalid: 'Email non valida',
  dateInvalid: 'Data non valida',
  phoneInvalid: 'Numero di telefono non valido (aggiungi il prefisso internazionale)',
  numberMin: 'Deve essere maggiore di {{min}}',
  numberMax: 'Deve essere minore o uguale a {{max}}',
  passwordsDoNotMatch: 'Le password non coincidono',
  dateAfter: 'La data deve essere successiva al {{date}}',
  dateSameOrBefore: 'La data deve essere uguale o precedente al {{date}}',
  dateSameOrAfter: 'La data deve essere uguale o successiva al {{date}}',
  taxIdInvalid: 'Codice fiscale non valido',
  emailMismatch: "L'indirizzo email non corrisponde.",
  invalidValue: 'Valore non valido',
  numberOutOfRange: 'Questo numero è fuori intervallo',
  nameCharacters: 'Usa solo lettere, spazi, apostrofi, trattini e punti',
  characterNotAccepted: 'Questo campo contiene un carattere non accettato',
  invalidOption: 'Scegli una delle opzioni proposte',
  unknownField: 'Questo campo non è accettato',
  passwordRule:
    'La password deve avere almeno 8 caratteri, una lettera maiuscola, una minuscola, una cifra e un carattere speciale',
  passwordCommon: 'Questa password è troppo comune. Scegline una meno prevedibile.',
  adultsOnly: 'I servizi sono riservati ai maggiorenni: devi avere almeno 18 anni.',
  termsRequired: 'Devi accettare i termini e le condizioni',
  taxIdOmocodiaConfirm: 'Questo codice fiscale è valido ma insolito (omocodia): conferma che è il tuo.',
  tokenNotFound: 'Token non trovato',
  twoFactorCodeInvalid: 'Il codice non è valido. Riprova o contattaci',
  currentPasswordWrong: 'La password attuale non è corretta',
  dateAfterEnrolment: "La data deve essere successiva alla data d'iscrizione",
  dateSameOrAfterGraduation: 'La data deve essere uguale o successiva alla data di conseguimento',
  dateNotInFuture: 'La data deve essere oggi o precedente',
  dateNotBeforeStart: 'La fine del periodo deve essere uguale o successiva al suo inizio',
  vatNumberInvalid: 'Partita IVA non valida',
  sdiCodeInvalid: 'Il codice univoco (SDI) ha 7 lettere o cifre',
  sdiOrPecRequired: 'Indica il codice univoco (SDI) o un indirizzo di posta elettronica certificata (PEC)',
  noServiceAvailable: 'Nessun servizio disponibile',
  urgentNotAvailable: 'La procedura urgente non è disponibile per questo servizio',
  documentRequired: 'Questo documento è obbligatorio',
  fileTypeNotAccepted: 'Tipo di file non accettato: carica un file PDF, JPEG o PNG',
  fileActiveContent:
    '“{{file}}” contiene script, file incorporati o altri contenuti attivi, che non sono accettati: stampalo in un nuovo PDF o scansiona la copia cartacea, e carica quella',
  fileProtected:
    '“{{file}}” è protetto da password o cifrato, quindi non se ne può controllare il contenuto: carica una copia senza protezione',
  fileHoldsMarkup:
    '“{{file}}” contiene codice di pagine web (HTML o uno script) oltre al documento: salva o scansiona di nuovo il documento, e carica quello',
  fileDamaged:
    '“{{file}}” non è un file {{format}} leggibile, oppure è incompleto: salvalo o esportalo di nuovo, e carica quello',
  fileExpandsTooMuch:
    '“{{file}}” si espande oltre {{max}} MB quando viene aperto: salvalo di nuovo con compressione (dimensione o risoluzione minori), e carica quello',
  fileTooManyPixels:
    '“{{file}}” ha più di {{max}} milioni di pixel: salvalo a una risoluzione minore, e carica quello',
  reviewerNotEvaluator: 'Il revisore deve essere una persona diversa dal valutatore',
  verificationNotInService: 'Questo servizio non comprende la verifica presso l’istituzione',
  documentNotOfPractice: 'Allega solo documenti caricati per questa richiesta',
  dateNotInPast: 'La data deve essere oggi o successiva',
  dateWithinYear: 'Scegli una data entro un anno da oggi',
  periodOverlaps: 'Questo periodo si sovrappone a un altro dello stesso tipo',
};

export const VALIDATION_MESSAGES: Record<Locale, Record<ValidationMessageKey, string>> = {
  'en-US': VALIDATION_EN,
  'it-IT': VALIDATION_IT,
};

/** What the payment pages say (spec §8 payment messages and success messages). */
export const PAYMENT_MESSAGE_KEYS = [
  'paymentSuccessful',
  'paymentFailed',
  'paymentPending',
  'paymentExpired',
  'providerBusy',
] as const;
export type PaymentMessageKey = (typeof PAYMENT_MESSAGE_KEYS)[number];

export const PAYMENT_MESSAGES: Record<Locale, Record<PaymentMessageKey, string>> = {
  'en-US': {
    paymentSuccessful: 'Payment successful',
    paymentFailed: 'Payment failed! Try again or contact your bank.',
    paymentPending: 'We are waiting for the payment service to confirm your payment.',
    paymentExpired: 'The payment was not completed in time. Nothing has been charged: please pay again.',
    providerBusy:
      'Because of the high number of payments, the payment service is busy. Nothing has been charged: please try again in a few minutes.',
  },
  'it-IT': {
    paymentSuccessful: 'Pagamento riuscito',
    paymentFailed: 'Pagamento non riuscito! Riprova o contatta la tua banca.',
    paymentPending: 'Stiamo aspettando che il servizio di pagamento confermi il tuo pagamento.',
    paymentExpired:
      'Il pagamento non è stato completato in tempo. Non è stato addebitato nulla: paga di nuovo.',
    providerBusy:
      "A causa dell'elevato numero di pagamenti, il servizio di pagamento è occupato. Non è stato addebitato nulla: riprova tra qualche minuto.",
  },
};

/** The message of each API error code, as the API sends it in `message`. */
export const ERROR_MESSAGES: Record<Locale, Record<ErrorCode, string>> = {
  'en-US': {
    TOKEN_EXPIRED: 'Your session has expired. Please log in again.',
    FORBIDDEN_ACCESS: 'You do not have access to this resource.',
    INVALID_CREDENTIALS: 'Invalid credentials',
    UNAUTHORIZED_ACCESS: 'Please log in to continue.',
    ADMIN_FORBIDDEN_ACCESS: 'This action is reserved to administrators.',
    VALIDATION_FAILED: 'Some fields are not valid.',
    BAD_REQUEST: 'The request could not be read.',
    UNSUPPORTED_MEDIA_TYPE: 'This content type is not accepted.',
    PAYLOAD_TOO_LARGE: 'The request is too large.',
    NOT_FOUND: 'Not found',
    CONFLICT: 'This action is not possible in the current state.',
    RATE_LIMITED: 'Too many attempts. Please wait and try again.',
    TOKEN_NOT_FOUND: 'Token not found',
    TWO_FACTOR_REQUIRED: 'Turn on two-factor authentication in your account settings to use the staff area.',
    LIMIT_REACHED: 'Limit reached',
    DRAFT_EXISTS:
      'You already have a draft request: continue it, or confirm that you want to start a new one.',
    PAYMENT_REQUIRED: 'This request must be paid before it can be submitted.',
    CONTINGENCY_LIMIT:
      'Because of the high number of requests, your request cannot be finalised now. Your data has been kept: please try again later.',
    PRACTICE_NOT_EDITABLE: 'This request can no longer be changed.',
    FILE_TOO_LARGE: 'The file is too large: the maximum size is {{max}} MB.',
    STORAGE_QUOTA_EXCEEDED:
      'There is no room for “{{file}}”: your documents may take up to {{quota}} MB together and already take {{used}} MB. Delete documents you no longer need, or upload a smaller file.',
    UNATTACHED_DOCUMENTS_LIMIT:
      'You already have {{max}} documents that belong to no request: delete one of them, or upload “{{file}}” to a request.',
    PAYMENT_NOT_REQUIRED: 'This request is free: submit it without paying.',
    PAYMENT_IN_PROGRESS: 'A payment for this request is being prepared. Please try again in a moment.',
    PROVIDER_BUSY: PAYMENT_MESSAGES['en-US'].providerBusy,
    INVALID_SIGNATURE: 'The signature of this notification is not valid.',
    UNSUBSCRIBE_FAILED: 'Something went wrong while unsubscribing. Please try again later.',
    MAINTENANCE_CONFIGURED:
      'Maintenance is set by the server configuration (MAINTENANCE_MODE): it cannot be switched here.',
    TRANSITION_NOT_ALLOWED:
      'The action “{{action}}” is not possible while the request is in status “{{status}}”.',
    PRACTICE_CHANGED: 'Someone else changed this request in the meantime. Reload it and try again.',
    PUBLICATION_NOT_AVAILABLE: 'Publishing statements is not available yet. Please try again later.',
    PUBLICATION_PENDING: 'Publication of the statement is still pending. Please try again later.',
    NOT_ANCHORED:
      'This statement has no blockchain receipt: its anchoring is still pending, or the body keeps its record on its own ledger only.',
    APPEAL_NOT_AVAILABLE:
      'Appeals and amendments are asked for by the applicant, from the request’s appeal page.',
    APPEAL_WINDOW_CLOSED:
      'It is too late: an appeal or amendment can be asked for only within seven days after the statement is released.',
    APPEAL_ALREADY_OPEN: 'This request already has an open appeal or amendment.',
    PERIOD_ALREADY_STARTED: 'This period has already begun: it can no longer be deleted.',
    DELIVERY_SUSPENDED:
      'Return delivery is suspended until {{until}}: the cart cannot be paid now. Please try again after that date.',
    SHIPPING_INFO_LOCKED: 'Shipping information cannot be modified after submission.',
    SHIPPING_INFO_REQUIRED: 'Submit the shipping information before paying.',
    DELIVERY_NOT_AVAILABLE: 'This request is not available for return delivery.',
    REFUND_NOT_AVAILABLE:
      'There is nothing to refund: the payment is already refunded, or the evaluation has started.',
    SHARE_LINK_EXPIRED: 'This link to the statement has expired. Ask the holder for a new one.',
    SHARE_LINK_REVOKED: 'This link to the statement has been revoked by its holder.',
    MAINTENANCE: 'The system is being upgraded. Please try again shortly.',
    api_error: 'api_error',
  },
  'it-IT': {
    TOKEN_EXPIRED: 'La sessione è scaduta. Accedi di nuovo.',
    FORBIDDEN_ACCESS: 'Non hai accesso a questa risorsa.',
    INVALID_CREDENTIALS: 'Credenziali non valide',
    UNAUTHORIZED_ACCESS: 'Accedi per continuare.',
    ADMIN_FORBIDDEN_ACCESS: 'Questa azione è riservata agli amministratori.',
    VALIDATION_FAILED: 'Alcuni campi non sono validi.',
    BAD_REQUEST: 'Non è stato possibile leggere la richiesta.',
    UNSUPPORTED_MEDIA_TYPE: 'Questo tipo di contenuto non è accettato.',
    PAYLOAD_TOO_LARGE: 'La richiesta è troppo grande.',
    NOT_FOUND: 'Non trovato',
    CONFLICT: 'Questa azione non è possibile nello stato attuale.',
    RATE_LIMITED: 'Troppi tentativi. Attendi e riprova.',
    TOKEN_NOT_FOUND: 'Token non trovato',
    TWO_FACTOR_REQUIRED:
      "Attiva l'autenticazione a due fattori nelle impostazioni dell'account per usare l'area del personale.",
    LIMIT_REACHED: 'Limite raggiunto',
    DRAFT_EXISTS:
      'Hai già una richiesta in bozza: continuala, oppure conferma di volerne iniziare una nuova.',
    PAYMENT_REQUIRED: 'Questa richiesta deve essere pagata prima di essere inviata.',
    CONTINGENCY_LIMIT:
      "A causa dell'elevato numero di richieste, la tua richiesta non può essere finalizzata ora. I tuoi dati sono stati conservati: riprova più tardi.",
    PRACTICE_NOT_EDITABLE: 'Questa richiesta non può più essere modificata.',
    FILE_TOO_LARGE: 'Il file è troppo grande: la dimensione massima è {{max}} MB.',
    STORAGE_QUOTA_EXCEEDED:
      'Non c’è spazio per “{{file}}”: i tuoi documenti possono occupare al massimo {{quota}} MB in tutto e ne occupano già {{used}} MB. Elimina i documenti che non ti servono più, oppure carica un file più piccolo.',
    UNATTACHED_DOCUMENTS_LIMIT:
      'Hai già {{max}} documenti che non appartengono a nessuna richiesta: eliminane uno, oppure carica “{{file}}” in una richiesta.',
    PAYMENT_NOT_REQUIRED: 'Questa richiesta è gratuita: inviala senza pagare.',
    PAYMENT_IN_PROGRESS: 'È in preparazione un pagamento per questa richiesta. Riprova tra un momento.',
    PROVIDER_BUSY: PAYMENT_MESSAGES['it-IT'].providerBusy,
    INVALID_SIGNATURE: 'La firma di questa notifica non è valida.',
    UNSUBSCRIBE_FAILED:
      "Si è verificato un errore durante l'annullamento dell'iscrizione. Riprova più tardi.",
    MAINTENANCE_CONFIGURED:
      'La manutenzione è impostata dalla configurazione del server (MAINTENANCE_MODE): non può essere cambiata qui.',
    TRANSITION_NOT_ALLOWED:
      'L’azione “{{action}}” non è possibile mentre la richiesta è nello stato “{{status}}”.',
    PRACTICE_CHANGED: 'Qualcun altro ha modificato questa richiesta nel frattempo. Ricaricala e riprova.',
    PUBLICATION_NOT_AVAILABLE:
      'La pubblicazione degli attestati non è ancora disponibile. Riprova più tardi.',
    PUBLICATION_PENDING: 'La pubblicazione dell’attestato è ancora in corso. Riprova più tardi.',
    NOT_ANCHORED:
      'Questo attestato non ha una ricevuta blockchain: il suo ancoraggio è ancora in attesa, oppure l’ente conserva la registrazione solo nel proprio registro.',
    APPEAL_NOT_AVAILABLE:
      'Ricorsi e rettifiche sono chiesti dal richiedente, dalla pagina del ricorso della richiesta.',
    APPEAL_WINDOW_CLOSED:
      'È troppo tardi: un ricorso o una rettifica si possono chiedere solo entro sette giorni dal rilascio dell’attestato.',
    APPEAL_ALREADY_OPEN: 'Questa richiesta ha già un ricorso o una rettifica in corso.',
    PERIOD_ALREADY_STARTED: 'Questo periodo è già iniziato: non può più essere eliminato.',
    DELIVERY_SUSPENDED:
      'La restituzione degli originali è sospesa fino al {{until}}: il carrello non può essere pagato ora. Riprova dopo quella data.',
    SHIPPING_INFO_LOCKED: 'Le informazioni di spedizione non possono essere modificate dopo l’invio.',
    SHIPPING_INFO_REQUIRED: 'Invia le informazioni di spedizione prima di pagare.',
    DELIVERY_NOT_AVAILABLE: 'Questa richiesta non è disponibile per la restituzione degli originali.',
    REFUND_NOT_AVAILABLE:
      'Non c’è nulla da rimborsare: il pagamento è già rimborsato, oppure la valutazione è iniziata.',
    SHARE_LINK_EXPIRED: 'Questo link all’attestato è scaduto. Chiedine uno nuovo al titolare.',
    SHARE_LINK_REVOKED: 'Questo link all’attestato è stato revocato dal titolare.',
    MAINTENANCE: 'Il sistema è in aggiornamento. Riprova tra poco.',
    api_error: 'api_error',
  },
};

/** Keys of the answers that acknowledge a request without revealing anything (spec §8 success messages). */
export const NOTICE_KEYS = [
  'registered',
  'activationSent',
  'resetLinkSent',
  'accountActivated',
  'passwordReset',
  'passwordUpdated',
] as const;
export type NoticeKey = (typeof NOTICE_KEYS)[number];

/** The `message` of an acknowledgement; the same whether or not the email belongs to an account. */
export const NOTICE_MESSAGES: Record<Locale, Record<NoticeKey, string>> = {
  'en-US': {
    registered: 'Registration successful. Check your email to activate your account.',
    activationSent: 'If the account exists and is not active yet, we have sent a new activation link.',
    resetLinkSent: 'If the email belongs to an account, we have sent a link to set a new password.',
    accountActivated: 'Account activated. You can now log in.',
    passwordReset: 'Password updated. You can now log in with your new password.',
    passwordUpdated: 'Password updated',
  },
  'it-IT': {
    registered: 'Registrazione completata. Controlla la tua email per attivare il tuo account.',
    activationSent:
      "Se l'account esiste e non è ancora attivo, ti abbiamo inviato un nuovo link di attivazione.",
    resetLinkSent:
      "Se l'email appartiene a un account, ti abbiamo inviato un link per impostare una nuova password.",
    accountActivated: 'Account attivato. Ora puoi accedere.',
    passwordReset: 'Password aggiornata. Ora puoi accedere con la nuova password.',
    passwordUpdated: 'Password aggiornata',
  },
};

export function formatMessage(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function validationMessage(
  key: ValidationMessageKey,
  locale: Locale = DEFAULT_LOCALE,
  params: Record<string, unknown> = {},
): string {
  return formatMessage(VALIDATION_MESSAGES[locale][key], params);
}

const isValidationKey = (value: string): value is ValidationMessageKey => value in VALIDATION_EN;

/** The parts of a zod 4 issue this mapping reads; zod's own issue type fits it. */
export type IssueLike = {
  code: string;
  message?: string;
  input?: unknown;
  origin?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
};

/**
 * Turns a zod issue into the spec's message in the given locale. A schema's own refinement
 * passes a message key (for example `passwordsDoNotMatch`) as its message.
 */
export function messageForIssue(issue: IssueLike, locale: Locale = DEFAULT_LOCALE): string {
  if (issue.code === 'custom' && issue.message && isValidationKey(issue.message)) {
    return validationMessage(issue.message, locale);
  }
  switch (issue.code) {
    case 'invalid_type':
      return validationMessage(
        issue.input === undefined || issue.input === null ? 'required' : 'invalidValue',
        locale,
      );
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        return min <= 1
          ? validationMessage('required', locale)
          : validationMessage('minLength', locale, { min });
      }
      if (issue.origin === 'number' || issue.origin === 'bigint' || issue.origin === 'int') {
        return validationMessage('numberMin', locale, { min: issue.inclusive ? min - 1 : min });
      }
      return validationMessage('required', locale);
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'number' || issue.origin === 'bigint' || issue.origin === 'int') {
        return validationMessage('numberMax', locale, { max });
      }
      return validationMessage('maxLength', locale, { max });
    }
    case 'invalid_format':
      if (issue.format === 'email') return validationMessage('emailInvalid', locale);
      if (issue.format === 'date' || issue.format === 'datetime')
        return validationMessage('dateInvalid', locale);
      return validationMessage('invalidValue', locale);
    case 'invalid_value':
    case 'invalid_union':
      return validationMessage(issue.input === undefined ? 'required' : 'invalidOption', locale);
    case 'unrecognized_keys':
      return validationMessage('unknownField', locale);
    default:
      return issue.message && isValidationKey(issue.message)
        ? validationMessage(issue.message, locale)
        : validationMessage('invalidValue', locale);
  }
}
