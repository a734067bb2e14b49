import type { Catalogue } from './en-US';

/** Accesso, registrazione, attivazione, recupero della password e regola della password. */
export const authIt: Pick<Catalogue, 'auth' | 'password'> = {
  auth: {
    backToLogin: 'Torna all’accesso',
    fields: {
      email: 'Email',
      password: 'Password',
      newPassword: 'Nuova password',
      passwordConfirmation: 'Conferma la nuova password',
      firstName: 'Nome/i',
      lastName: 'Cognome/i',
      birthDate: 'Data di nascita',
    },
    login: {
      loggedOut: 'Sei uscito dal portale.',
      submit: 'Accedi',
      forgotPassword: 'Hai dimenticato la password?',
      register: 'Non hai un account? Registrati',
      resendActivation: 'Non hai ricevuto l’email di attivazione?',
      notActivated: 'Account non ancora attivato? Chiedi un nuovo link di attivazione',
    },
    twoFactor: {
      title: 'Autenticazione a due fattori',
      intro:
        'Il tuo account è protetto da un secondo fattore. Inserisci il codice che mostra ora la tua app di autenticazione.',
      code: 'Codice',
      codeHelp:
        'Il codice di 6 cifre della tua app di autenticazione, oppure uno dei tuoi codici di recupero.',
      submit: 'Verifica',
      cancel: 'Usa un altro account',
    },
    register: {
      refugeeLink: 'Sei titolare di asilo o di protezione sussidiaria in Italia? Registrati come rifugiato.',
      refugeeIntroTitle: 'Servizio di comparabilità gratuito per i rifugiati',
      refugeeProof:
        'Dimostrerai il tuo status con il certificato di riconoscimento dello status di rifugiato, caricato con la richiesta. Il servizio comprende solo la comparabilità: i servizi di verifica non sono offerti e un account rifugiato può presentare al massimo due richieste.',
      adultsNote: 'I servizi sono riservati ai maggiorenni.',
      acceptTerms: 'Ho letto e accetto i termini e le condizioni',
      readTerms: 'Leggi i termini e le condizioni',
      readRefugeeTerms: 'Leggi i termini e le condizioni per i rifugiati (si apre in una nuova scheda)',
      marketingConsent: 'Inviami per email notizie sui servizi (facoltativo)',
      submit: 'Registrati',
      haveAccount: 'Sei già registrato? Accedi',
      checkMailbox:
        'Controlla la tua casella di posta: ti abbiamo inviato un link per attivare il tuo account e scegliere la password.',
      goToLogin: 'Vai all’accesso',
      noMail: 'Nessuna email dopo qualche minuto? Chiedi un nuovo link di attivazione',
    },
    activate: {
      submit: 'Attiva l’account',
      requestNew: 'Richiedi una nuova email di attivazione',
      alreadyActive: 'Account già attivato? Accedi',
    },
    active: {
      title: 'Il tuo account è attivo',
      body: 'Hai effettuato l’accesso con questo account: non c’è altro da attivare, né un’email di attivazione da attendere.',
      link: 'Vai a Le mie richieste',
      usedLink:
        'Questo link di attivazione è già stato usato: l’account è attivo. Accedi con la sua email e la sua password.',
      logIn: 'Accedi',
    },
    resend: {
      title: 'Invia di nuovo l’email di attivazione',
      intro:
        'Inserisci l’email con cui ti sei registrato: se l’account non è ancora attivo, ti inviamo un nuovo link di attivazione.',
      submit: 'Invia l’email di attivazione',
    },
    recover: { submit: 'Invia il link' },
    reset: { submit: 'Imposta la nuova password' },
    tokenNotFound: {
      body: 'Questo link è sconosciuto, è già stato usato oppure è scaduto.',
    },
  },
  password: {
    toggleVisibility: 'Mostra o nascondi la password',
    toggleVisibilityOf: 'Mostra o nascondi “{{field}}”',
    checklistTitle: 'La password deve avere',
    requirements: {
      minLength: 'almeno {{min}} caratteri',
      maxLength: 'al massimo {{max}} caratteri',
      uppercase: 'una lettera maiuscola',
      lowercase: 'una lettera minuscola',
      digit: 'una cifra',
      special: 'un carattere speciale',
    },
    met: 'soddisfatto',
    notMet: 'non ancora soddisfatto',
    specialCharacters: 'Caratteri speciali:',
  },
};
