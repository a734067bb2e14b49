import type { ErrorCode } from './errors';
import type { PaymentMessageKey, ValidationMessageKey } from './messages-en';

// The Italian messages apart from the other languages' (decision 079, messages-en.ts).

export const VALIDATION_IT: Record<ValidationMessageKey, string> = {
  required: 'Questo campo è obbligatorio',
  minLength: 'Lunghezza minima {{min}} caratteri',
  maxLength: 'Lunghezza massima {{max}} caratteri',
  emailInvalid: 'Email non valida',
  dateInvalid: 'Data non valida',
  phoneInvalid: 'Numero di telefono non valido (aggiungi il prefisso internazionale)',
  numberMin: 'Deve essere maggiore di {{min}}',
  numberAtLeast: 'Deve essere maggiore o uguale a {{min}}',
  numberMax: 'Deve essere minore o uguale a {{max}}',
  passwordsDoNotMatch: 'Le password non coincidono',
  dateAfter: 'La data deve essere successiva al {{date}}',
  dateSameOrBefore: 'La data deve essere uguale o precedente al {{date}}',
  dateSameOrAfter: 'La data deve essere uguale o successiva al {{date}}',
  taxIdInvalid: 'Codice fiscale non valido',
  emailMismatch: 'L’indirizzo email non corrisponde.',
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
  fiscalCodeOmocodiaConfirm:
    'Questo codice fiscale è valido ma insolito (omocodia): conferma che è corretto.',
  tokenNotFound: 'Token non trovato',
  twoFactorCodeInvalid: 'Il codice non è valido. Riprova o contattaci',
  currentPasswordWrong: 'La password attuale non è corretta',
  dateAfterEnrolment: 'La data deve essere successiva alla data d’iscrizione',
  dateSameOrAfterGraduation: 'La data deve essere uguale o successiva alla data di conseguimento',
  dateNotInFuture: 'La data deve essere oggi o precedente',
  awardYearNotInFuture: 'L’anno di conseguimento deve essere quello in corso o precedente',
  dateNotBeforeStart: 'La fine del periodo deve essere uguale o successiva al suo inizio',
  vatNumberInvalid: 'Partita IVA non valida',
  sdiCodeInvalid: 'Il codice univoco (SDI) ha 7 lettere o cifre',
  sdiOrPecRequired: 'Indica il codice univoco (SDI) o un indirizzo di posta elettronica certificata (PEC)',
  practiceListedTwice: 'La stessa richiesta compare due volte nel carrello',
  noServiceAvailable: 'Nessun servizio disponibile',
  urgentNotAvailable: 'La procedura urgente non è disponibile per questo servizio',
  documentRequired: 'Questo documento è obbligatorio',
  documentNotDeclarable:
    'Solo un documento dei tuoi studi può essere dichiarato non ottenibile, in una richiesta per rifugiati; questo è obbligatorio',
  documentNotMissing: 'Questo documento non è tra quelli che mancano ancora alla richiesta',
  fileTypeNotAccepted: 'Tipo di file non accettato: carica un file PDF, JPEG o PNG',
  fileOnlyOne: 'Carica un file alla volta',
  fieldNameReserved:
    'Un campo non può chiamarsi __proto__, constructor, prototype o come un’altra proprietà che ogni oggetto ha',
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
  identityHeldByRequest:
    'Nomi e data di nascita non possono essere modificati mentre una tua richiesta è in valutazione: una volta rilasciato l’attestato, correggili qui e chiedi la rettifica',
  categoryHeldByRequest:
    'La categoria non può essere cambiata mentre una tua richiesta è in bozza o in valutazione',
  reviewerNotEvaluator: 'Il revisore deve essere una persona diversa dal valutatore',
  reviewerEvaluated: 'Chi ha valutato questa richiesta non può revisionarla',
  verificationNotInService: 'Questo servizio non comprende la verifica presso l’istituzione',
  documentNotOfPractice: 'Allega solo documenti caricati per questa richiesta',
  requestedDocumentMissing: 'Questo documento è stato richiesto: allegalo alla risposta',
  dateNotInPast: 'La data deve essere oggi o successiva',
  dateWithinYear: 'Scegli una data entro un anno da oggi',
  periodOverlaps: 'Questo periodo si sovrappone a un altro dello stesso tipo',
  noticeAfterClosureStart: 'L’avviso deve comparire dal primo giorno della chiusura o prima',
  educationSystemNotForeign:
    'Il centro valuta titoli di studio di sistemi di istruzione esteri, quindi questa bozza non può essere inviata: inizia una nuova richiesta scegliendo il paese del tuo sistema di istruzione ed elimina questa bozza',
};

export const PAYMENT_IT: Record<PaymentMessageKey, string> = {
  paymentSuccessful: 'Pagamento riuscito',
  paymentFailed: 'Pagamento non riuscito! Riprova o contatta la tua banca.',
  paymentPending: 'Stiamo aspettando che il servizio di pagamento confermi il tuo pagamento.',
  paymentExpired:
    'Il pagamento non è stato completato in tempo. Non è stato addebitato nulla: paga di nuovo.',
  providerBusy:
    'A causa dell’elevato numero di pagamenti, il servizio di pagamento è occupato. Non è stato addebitato nulla: riprova tra qualche minuto.',
};

/** The API's messages the SPA also shows of its own accord (messages-en.ts). */
export const SPA_ERRORS_IT = {
  TOKEN_EXPIRED: 'La sessione è scaduta. Accedi di nuovo.',
  TWO_FACTOR_REQUIRED:
    'Attiva l’autenticazione a due fattori nelle impostazioni dell’account per usare l’area del personale.',
  FILE_TOO_LARGE: 'Il file è troppo grande: la dimensione massima è {{max}} MB.',
  PAYMENT_OPEN:
    'È in corso un pagamento per questa richiesta: attendi che si concluda prima di modificarla. Se non stai pagando, potrai modificarla di nuovo quando la pagina di pagamento si chiude, entro {{minutes}} min.',
} satisfies Partial<Record<ErrorCode, string>>;

export const ERROR_IT: Record<ErrorCode, string> = {
  ...SPA_ERRORS_IT,
  FORBIDDEN_ACCESS: 'Non hai accesso a questa risorsa.',
  INVALID_CREDENTIALS: 'Credenziali non valide',
  UNAUTHORIZED_ACCESS: 'Accedi per continuare.',
  ADMIN_FORBIDDEN_ACCESS: 'Questa azione è riservata agli amministratori.',
  VALIDATION_FAILED: 'Alcuni campi non sono validi.',
  BAD_REQUEST: 'Non è stato possibile leggere la richiesta.',
  JSON_TOO_DEEP:
    'I dati della richiesta sono annidati troppo in profondità: nessun modulo del portale invia dati così annidati.',
  UNSUPPORTED_MEDIA_TYPE: 'Questo tipo di contenuto non è accettato.',
  PAYLOAD_TOO_LARGE: 'La richiesta è troppo grande.',
  URI_TOO_LONG: 'L’indirizzo è troppo lungo: nessuna pagina del portale ne ha uno così lungo.',
  HEADERS_TOO_LARGE: 'L’indirizzo o le intestazioni della richiesta sono troppo lunghi.',
  NOT_FOUND: 'Non trovato',
  CONFLICT: 'Questa azione non è possibile nello stato attuale.',
  RATE_LIMITED: 'Troppi tentativi. Attendi e riprova.',
  TOKEN_NOT_FOUND: 'Token non trovato',
  ACCOUNT_ALREADY_ACTIVE: 'Questo account è già attivo: accedi con la sua email e la sua password.',
  LIMIT_REACHED: 'Limite raggiunto',
  DRAFT_EXISTS: 'Hai già una richiesta in bozza: continuala, oppure conferma di volerne iniziare una nuova.',
  PAYMENT_REQUIRED: 'Questa richiesta deve essere pagata prima di essere inviata.',
  CONTINGENCY_LIMIT:
    'A causa dell’elevato numero di richieste, la tua richiesta non può essere finalizzata ora. I tuoi dati sono stati conservati: riprova più tardi.',
  PRACTICE_NOT_EDITABLE: 'Questa richiesta non può più essere modificata.',
  DOCUMENT_EVALUATED:
    'Questo documento è stato valutato per l’attestato pubblicato e non può più essere sostituito né eliminato. A sostegno di un ricorso, aggiungi un nuovo documento.',
  STORAGE_QUOTA_EXCEEDED:
    'Non c’è spazio per “{{file}}”: i tuoi documenti possono occupare al massimo {{quota}} MB in tutto e ne occupano già {{used}} MB. Elimina i documenti che non ti servono più, oppure carica un file più piccolo.',
  UNATTACHED_DOCUMENTS_LIMIT:
    'Hai già {{max}} documenti che non appartengono a nessuna richiesta: eliminane uno, oppure carica “{{file}}” in una richiesta.',
  REQUEST_DOCUMENTS_LIMIT:
    'Una richiesta contiene al massimo {{max}} documenti e questa ne ha già tanti: sostituiscine o eliminane uno per aggiungere “{{file}}”.',
  STUDY_ENTRIES_LIMIT:
    'Il tuo percorso di studi contiene al massimo {{max}} titoli: eliminane uno che non ti serve più per aggiungerne un altro.',
  PAYMENT_NOT_REQUIRED: 'Questa richiesta è gratuita: inviala senza pagare.',
  PAYMENT_IN_PROGRESS: 'È in preparazione un pagamento per questa richiesta. Riprova tra un momento.',
  PROVIDER_BUSY: PAYMENT_IT.providerBusy,
  PASSWORD_CHECKS_BUSY:
    'In questo momento molte persone stanno accedendo: la tua password non è stata elaborata, non è cambiato nulla e questo tentativo non conta. Riprova tra qualche secondo.',
  INVALID_SIGNATURE: 'La firma di questa notifica non è valida.',
  UNSUBSCRIBE_FAILED: 'Si è verificato un errore durante l’annullamento dell’iscrizione. Riprova più tardi.',
  MAINTENANCE_CONFIGURED:
    'La manutenzione è impostata dalla configurazione del server (MAINTENANCE_MODE): non può essere cambiata qui.',
  TRANSITION_NOT_ALLOWED:
    'L’azione “{{action}}” non è possibile mentre la richiesta è nello stato “{{status}}”.',
  PRACTICE_CHANGED: 'Qualcun altro ha modificato questa richiesta nel frattempo. Ricaricala e riprova.',
  PUBLICATION_NOT_AVAILABLE: 'La pubblicazione degli attestati non è ancora disponibile. Riprova più tardi.',
  PUBLICATION_PENDING: 'La pubblicazione dell’attestato è ancora in corso. Riprova più tardi.',
  ACCOUNT_PUBLICATION_PENDING:
    'È in corso la pubblicazione dell’attestato di una delle tue richieste: riprova tra qualche minuto.',
  ACCOUNT_REQUESTS_ASSIGNED:
    'Richieste in corso ancora assegnate a te: {{count}}. La segreteria o un amministratore deve prima riassegnarle a un altro membro del personale; poi potrai eliminare il tuo account.',
  NOT_ANCHORED:
    'Questo attestato non ha una ricevuta blockchain: il suo ancoraggio è ancora in attesa, oppure l’ente conserva la registrazione solo nel proprio registro.',
  APPEAL_NOT_AVAILABLE:
    'Ricorsi e rettifiche sono chiesti dal richiedente, dalla pagina del ricorso della richiesta.',
  APPEAL_WINDOW_CLOSED:
    'È troppo tardi: un ricorso o una rettifica si possono chiedere solo entro sette giorni dal rilascio dell’attestato.',
  STATEMENT_WITHDRAWN:
    'L’attestato di questa richiesta è stato ritirato: non si possono più chiedere né emettere ricorsi o rettifiche.',
  NO_STATEMENT_IN_FORCE:
    'Questa richiesta non ha un attestato in vigore: un attestato del ricorso o un attestato rettificato si possono rilasciare solo su un attestato pubblicato.',
  APPEAL_ALREADY_OPEN: 'Questa richiesta ha già un ricorso o una rettifica: se ne può chiedere uno solo.',
  PERIOD_ALREADY_STARTED: 'Questo periodo è già iniziato: non può più essere eliminato.',
  IDEMPOTENCY_KEY_REUSED:
    'Questo invio ripete uno precedente con un contenuto diverso (la stessa Idempotency-Key): non è stato inviato nulla. Un nuovo messaggio richiede una nuova chiave.',
  DELIVERY_SUSPENDED:
    'Le restituzioni degli originali sono sospese: potrai ordinare la restituzione dal {{day}}. Il carrello non può essere pagato ora.',
  SHIPPING_INFO_LOCKED: 'Le informazioni di spedizione non possono essere modificate dopo l’invio.',
  SHIPPING_INFO_REQUIRED: 'Invia le informazioni di spedizione prima di pagare.',
  NOTHING_TO_SHIP:
    'Nessuna delle tue richieste è ancora aperta alla restituzione degli originali: non c’è nulla da spedire.',
  DELIVERY_NOT_AVAILABLE: 'Questa richiesta non è disponibile per la restituzione degli originali.',
  DELIVERY_ALREADY_PAID:
    'Questa spedizione è già stata pagata: le sue richieste non possono più essere cambiate. Le richieste rimaste fuori possono andare nella prossima spedizione.',
  REFUND_NOT_AVAILABLE:
    'Non c’è nulla da rimborsare: il pagamento è già rimborsato, oppure la valutazione è iniziata.',
  REFUND_NOT_FAILED:
    'Solo un rimborso rifiutato dal gestore dei pagamenti può essere segnato come restituito a mano: questo è in corso o già effettuato.',
  SHARE_LINK_EXPIRED: 'Questo link all’attestato è scaduto. Chiedine uno nuovo al titolare.',
  SHARE_LINK_REVOKED: 'Questo link all’attestato è stato revocato dal titolare.',
  SHARE_LINKS_LIMIT:
    'Hai già {{max}} link attivi a questo attestato: revocane uno che non ti serve più per crearne un altro.',
  MAINTENANCE: 'Il sistema è in aggiornamento. Riprova tra poco.',
  api_error: 'api_error',
};
