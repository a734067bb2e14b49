import type { Catalogue } from './en-US';

/** La pagina dell'account: completamento dei dati, impostazioni, ricevute e fatture. */
export const accountIt: Pick<Catalogue, 'account'> = {
  account: {
    details: {
      title: 'Completa il tuo account',
      titleStaff: 'I tuoi dati',
      intro:
        'Questi dati ci servono per preparare le tue richieste e i tuoi attestati. I campi contrassegnati da * sono obbligatori.',
      introStaff: 'I campi contrassegnati da * sono obbligatori.',
      general: 'Informazioni generali',
      personal: 'Dati personali',
      address: 'Indirizzo',
      submit: 'Salva i dati dell’account',
      missingTitle: 'Il tuo account non è ancora completo',
      missingIntro: 'Compila questi dati, poi salvali:',
    },
    fields: {
      email: 'Email',
      emailFixed: 'L’email non può essere modificata dopo la registrazione.',
      locale: 'Lingua preferita',
      localeHelp: 'La lingua del portale e delle email che ti inviamo; salvata subito.',
      phone: 'Numero di telefono',
      phoneHelp:
        'Per esempio +39 06 1234 5678; senza prefisso internazionale, un numero del tuo Paese di residenza.',
      category: 'Categoria',
      categoryHelp:
        'Chi ha asilo politico o protezione sussidiaria in Italia ha il servizio di comparabilità gratuito, con prova. Si può cambiare finché nessuna tua richiesta è in bozza o in valutazione.',
      firstName: 'Nome/i',
      middleName: 'Secondo nome/i',
      lastName: 'Cognome/i',
      birthDate: 'Data di nascita',
      birthDateHelp: 'I servizi sono riservati ai maggiorenni.',
      birthCountry: 'Paese di nascita',
      birthCity: 'Città di nascita',
      nationality: 'Cittadinanza',
      gender: 'Genere',
      documentNumber: 'Numero del documento d’identità',
      documentIssueCountry: 'Paese che ha rilasciato il documento',
      documentExpirationDate: 'Data di scadenza del documento',
      taxId: 'Codice fiscale italiano',
      taxIdHelp: 'Solo se ne hai uno: 16 caratteri, oppure 11 cifre se è un codice provvisorio.',
      taxIdOmocodiaConfirm: 'Confermo che questo codice fiscale è il mio',
      residenceCountry: 'Paese di residenza',
      address: 'Indirizzo',
      city: 'Città',
      zipCode: 'CAP',
      province: 'Provincia',
      municipality: 'Comune',
    },
    // A person's gender as Italian public forms ask it (the spec's male, female, other): "Uomo",
    // "Donna", "Altro", not the adjectives "Maschile", "Femminile", which qualify nouns, not people.
    genders: { male: 'Uomo', female: 'Donna', other: 'Altro' },
    categories: { standard: 'Standard', refugee: 'Rifugiato (servizio di comparabilità gratuito)' },
    documentExpired: 'Questo documento è scaduto: carica un documento valido con la tua richiesta.',
    documentExpiring: 'Questo documento scade entro sei mesi.',
    updateDocumentLink: 'Aggiorna il documento di identità nel tuo account',
    settings: { title: 'Impostazioni' },
    password: {
      title: 'Cambia password',
      current: 'Password attuale',
      submit: 'Cambia la password',
    },
    twoFactor: {
      title: 'Autenticazione a due fattori',
      isOff:
        'L’autenticazione a due fattori è disattivata. Attivala per chiedere, oltre alla password, un codice di un’app di autenticazione a ogni accesso.',
      isOn: 'L’autenticazione a due fattori è attiva: ogni accesso chiede un codice della tua app di autenticazione.',
      enable: 'Attiva l’autenticazione a due fattori',
      disable: 'Disattiva l’autenticazione a due fattori',
      stepInstall: 'Installa un’app di autenticazione sul telefono, se non ne hai una.',
      stepScan: 'Inquadra questo codice QR con l’app, oppure inserisci nell’app la chiave qui sotto.',
      stepConfirm: 'Inserisci il codice che mostra l’app per confermare.',
      qrAlt: 'Codice QR da inquadrare con la tua app di autenticazione',
      manualEntry: 'Chiave per l’inserimento manuale:',
      copySecret: 'Copia la chiave',
      copied: 'Copiato',
      code: 'Codice',
      enableHelp: 'Il codice di 6 cifre che mostra ora la tua app di autenticazione.',
      disableHelp:
        'Il codice di 6 cifre della tua app di autenticazione, oppure uno dei tuoi codici di recupero.',
      confirm: 'Conferma e attiva',
      cancel: 'Annulla',
      recoveryTitle: 'I tuoi codici di recupero',
      recoveryOnce:
        'Salva subito questi codici in un posto sicuro: vengono mostrati solo questa volta. Ciascuno ti permette di accedere una volta se perdi il telefono.',
      recoveryUse: 'Per usarne uno, inseriscilo al posto del codice dell’app.',
      recoveryFileName: '{{portal}}-codici-di-recupero.txt',
      copyCodes: 'Copia i codici',
      downloadCodes: 'Scarica i codici',
      savedCodes: 'Ho salvato i miei codici',
    },
    everywhere: {
      title: 'Esci ovunque',
      explanation:
        'Chiude tutte le sessioni del tuo account, su ogni dispositivo e browser in cui hai effettuato l’accesso: un computer che non è tuo, un telefono che hai perso. Qui resti connesso.',
      submit: 'Esci ovunque',
      confirmTitle: 'Uscire su tutti i dispositivi?',
      confirmText:
        'Tutte le sessioni del tuo account si chiudono, su ogni dispositivo e browser, e ciascuno chiede di accedere di nuovo. Questo dispositivo resta connesso con una nuova sessione. Per confermare, digita la tua password attuale.',
      confirm: 'Esci ovunque',
      done: 'Tutte le sessioni del tuo account sono state chiuse. Qui sei ancora connesso.',
    },
    marketing: {
      title: 'Newsletter',
      label: 'Inviami per email notizie sui servizi',
      help: 'Puoi cambiare idea in qualsiasi momento.',
    },
    delete: {
      title: 'Elimina account',
      explanation:
        'L’eliminazione dell’account cancella i tuoi dati personali, la richiesta in bozza e i documenti che vi hai caricato, e ti disconnette. Le fatture sono conservate per il tempo richiesto dalla legge. L’operazione non può essere annullata.',
      explanationStaff:
        'L’eliminazione dell’account cancella i tuoi dati personali e ti disconnette. L’operazione non può essere annullata. Le richieste in corso assegnate a te devono prima essere riassegnate dalla segreteria o da un amministratore.',
      typeEmail: 'Per confermare, digita l’email del tuo account',
      submit: 'Elimina il mio account',
      inProgressTitle: 'Eliminare l’account e chiudere le richieste in corso?',
      inProgress:
        'Eliminando l’account ogni richiesta in corso viene chiusa: la sua valutazione si interrompe.',
      inProgressItem: 'Richiesta n. {{id}} ({{status}}): verrà chiusa',
      feesNotRefunded:
        'Gli importi già pagati non vengono rimborsati. Fatture e ricevute sono conservate per il tempo richiesto dalla legge.',
      statementsStay: 'Gli attestati già pubblicati restano validi.',
      confirm: 'Elimina l’account e chiudi le richieste',
    },
    receipts: {
      title: 'Ricevute e fatture',
      none: 'Non hai ancora ricevute o fatture.',
    },
  },
};
