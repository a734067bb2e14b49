import { SPA_ERRORS_IT, VALIDATION_IT } from '@lisbon/domain';
import type { PublicCatalogue } from './en-US';
import { labelsIt } from './labels.it-IT';
import { requestsIt } from './requests.it-IT';
import { sharedIt } from './shared.it-IT';
import { noticesIt } from './notices.it-IT';
import { verifyIt } from './verify.it-IT';
import { contactIt } from './contact.it-IT';

/** The Italian catalogue; typed as the English one, so a missing or extra key fails the build. */
export const itIT: PublicCatalogue = {
  app: {
    name: 'Lisbon',
    homeLink: 'Lisbon, pagina iniziale',
    skipToContent: 'Vai al contenuto principale',
    loading: 'Caricamento…',
    loadingTitle: 'Caricamento della pagina',
    footer: 'Lisbon è un portale open source per il riconoscimento dei titoli di studio esteri.',
  },
  language: {
    label: 'Lingua',
    names: { 'en-US': 'English', 'it-IT': 'Italiano' },
  },
  nav: {
    publicLabel: 'Navigazione principale',
    appLabel: 'La tua area',
    footerLabel: 'Link utili',
    openMenu: 'Apri la navigazione',
    home: 'Home',
    faq: 'Domande frequenti',
    contact: 'Contattaci',
    verify: 'Verifica un attestato',
    login: 'Accedi',
    register: 'Registrati',
    account: 'Account',
    service: 'Servizio',
    requests: 'Richieste',
    documents: 'Documenti',
    study: 'Studi',
    terms: 'Termini',
    consent: 'Consenso',
    delivery: 'Restituzione',
    myRequests: 'Le mie richieste',
    archive: 'Archivio',
    profile: 'Profilo',
    help: 'Aiuto',
    logout: 'Esci',
    staff: 'Area del personale',
    // Il nome della coda, uguale nel menu, sulla sua pagina e nei suggerimenti della scheda.
    staffAssigned: 'Assegnate a me',
    staffToReview: 'Da revisionare',
    staffUnassigned: 'Da assegnare o ammettere',
    staffReadyForIssue: 'Pronte per il rilascio',
    staffArchive: 'Archivio segreteria',
    staffAll: 'Tutte le richieste',
    staffNotices: 'Avvisi e manutenzione',
    staffDashboard: 'Cruscotto',
  },
  common: {
    backHome: 'Torna alla pagina iniziale',
    close: 'Chiudi',
    cancel: 'Annulla',
    clear: 'Cancella',
    retry: 'Riprova',
    dateFormat: 'gg/mm/aaaa',
    romeTime: '{{time}} (ora di Roma)',
  },
  unsaved: {
    restored: 'Quello che avevi scritto qui senza salvarlo è stato ripristinato: controllalo, poi salva.',
    title: 'Lasciare questa pagina?',
    message:
      'Quello che hai scritto qui non è ancora salvato. Questa scheda del browser lo conserva per quando torni, ma chiudendo la scheda si perde.',
    leave: 'Lascia la pagina',
    stay: 'Resta',
  },
  messages: {
    generic: 'Si è verificato un errore. Riprova più tardi o contatta l’amministratore di sistema',
    loginFailed: 'Credenziali non valide',
    registerFailed: 'Si è verificato un errore durante la registrazione',
    activationFailed: 'Si è verificato un errore durante l’attivazione dell’account',
    resetFailed: 'Si è verificato un errore durante il ripristino della password',
    tryAgainOrContact: 'Riprova o contattaci',
    tokenNotFound: 'Token non trovato',
    requestNewLink: 'Richiedi un nuovo link',
    exportFailed:
      'Si è verificato un errore durante l’esportazione del documento. Riprova con un altro browser.',
    pageNotFound: 'Pagina non trovata',
    forbidden: 'Non hai accesso a questa pagina.',
    registered: 'Registrazione completata',
    accountActivated: 'Account attivato',
    passwordUpdated: 'Password aggiornata',
    mailSent: 'Email inviata',
    accountUpdated: 'Account aggiornato',
    accountDeleted: 'Account eliminato',
    twoFactorEnabled: 'Autenticazione a due fattori attivata',
    twoFactorDisabled: 'Autenticazione a due fattori disattivata',
    exportSucceeded: 'Esportazione completata',
  },
  home: {
    title: 'Riconoscimento dei titoli di studio esteri',
    intro:
      'Lisbon è il portale di un centro di valutazione dei titoli di studio della rete ENIC-NARIC. Richiedi un attestato su un titolo conseguito all’estero, paga online, carica i tuoi documenti e segui la richiesta fino alla pubblicazione dell’attestato.',
    register: 'Crea un account',
    login: 'Accedi',
    faq: 'Leggi le domande frequenti',
    servicesTitle: 'Tre servizi',
    servicesIntro:
      'Il servizio adatto al tuo titolo dipende dal paese del sistema di istruzione che lo ha rilasciato. Sono coperti sia i titoli di istruzione secondaria superiore sia quelli di istruzione superiore; per alcuni paesi nessun servizio è disponibile.',
    correspondenceTitle: 'Corrispondenza e verifica',
    correspondenceBody:
      'Per i titoli dei {{signatories}} stati firmatari della Convenzione di Lisbona sul riconoscimento: un attestato di corrispondenza con il sistema di istruzione italiano, insieme alla verifica del titolo.',
    correspondenceBodyUncounted:
      'Per i titoli degli stati firmatari della Convenzione di Lisbona sul riconoscimento: un attestato di corrispondenza con il sistema di istruzione italiano, insieme alla verifica del titolo.',
    comparabilityTitle: 'Comparabilità e verifica',
    comparabilityBody:
      'Per la maggior parte degli altri paesi: un attestato che confronta il tuo titolo con il sistema di istruzione italiano, insieme alla verifica del titolo.',
    comparabilityOnlyTitle: 'Solo comparabilità',
    comparabilityOnlyBody:
      'Quando il titolo non può essere verificato, l’attestato riguarda solo la sua comparabilità con il sistema di istruzione italiano.',
    refugeesTitle: 'Servizio gratuito per i rifugiati',
    refugeesBody:
      'Se sei titolare di asilo politico o di protezione sussidiaria in Italia, il servizio di comparabilità è gratuito, previa prova del tuo status. I servizi di verifica non sono offerti ai rifugiati e un account rifugiato può presentare al massimo {{limit}} richieste.',
    refugeesRegister: 'Registrati come rifugiato',
    beforeTitle: 'Da sapere prima di fare domanda',
    adultsTitle: 'Per maggiorenni',
    adultsBody: 'I servizi sono riservati ai maggiorenni: per fare domanda devi avere almeno {{age}} anni.',
    originalsTitle: 'Restituzione dei documenti originali',
    originalsBody:
      'Se ci invii documenti originali cartacei, il servizio di spedizione di ritorno te li rimanda a fronte di un costo di {{fee}}, IVA inclusa.',
    verificationTitle: 'Verifica degli attestati',
    verificationBody:
      'Ogni attestato è firmato e la sua impronta è registrata su un registro. Chiunque può controllare un attestato caricandone il PDF nella pagina pubblica di verifica: è accettato solo l’attestato originale da noi rilasciato.',
    appealTitle: 'Ricorsi e rettifiche',
    appealBody:
      'Dopo il rilascio di un attestato hai {{days}} giorni per chiedere un ricorso o una rettifica.',
    discoveryTitle: 'Trova il servizio per il tuo paese',
    discoveryBody:
      'Scegli il paese del sistema di istruzione che ha rilasciato il tuo titolo e il suo livello. Per consultare non serve un account.',
  },
  faq: {
    title: 'Domande frequenti',
    questionsTitle: 'Domande e risposte',
    tipsTitle: 'Consigli per individuare il paese del sistema di istruzione',
    noQuestions: 'Ancora nessuna domanda pubblicata.',
    noTips: 'Ancora nessun consiglio pubblicato.',
  },
  maintenance: {
    title: 'Aggiornamento del sistema',
    body: 'Stiamo aggiornando il sistema. Riprova tra poco.',
    retry: 'Riprova',
    checking: 'Verifica in corso…',
    stillRunning: 'L’aggiornamento è ancora in corso. Riprova tra qualche minuto.',
    staffLogin: 'Personale: accedi',
  },
  notFound: {
    body: 'L’indirizzo potrebbe essere errato, oppure la pagina è stata spostata.',
  },
  routeError: {
    title: 'Qualcosa è andato storto',
  },
  search: {
    typeMore: 'Digita almeno {{min}} caratteri per cercare',
    noCountry: 'Nessun paese corrisponde a quanto digitato',
  },
  ...labelsIt,
  ...requestsIt,
  ...verifyIt,
  ...contactIt,
  ...sharedIt,
  ...noticesIt,

  pages: {
    login: { title: 'Accedi', purpose: 'Accedi per seguire le tue richieste e i tuoi documenti.' },
    register: {
      title: 'Crea un account',
      purpose: 'Registrati per richiedere la valutazione di un titolo di studio.',
    },
    registerRefugee: {
      title: 'Crea un account rifugiato',
      purpose:
        'I titolari di asilo politico o di protezione sussidiaria in Italia si registrano qui per il servizio gratuito di comparabilità.',
    },
    activate: { title: 'Attiva il tuo account', purpose: 'Conferma il tuo account e scegli la password.' },
    recoverPassword: {
      title: 'Recupera la password',
      purpose: 'Ricevi un link per impostare una nuova password.',
    },
    resetPassword: {
      title: 'Imposta una nuova password',
      purpose: 'Scegli una nuova password per il tuo account.',
    },
    marketingOptOut: { title: 'Annulla iscrizione alla newsletter' },
    account: {
      // The menu's link says "Profilo" (nav.profile): one name for the page.
      title: 'Profilo',
      purpose: 'Completa i dati del tuo account, modifica le impostazioni e scarica ricevute e fatture.',
      purposeStaff:
        'Tieni aggiornati i tuoi dati e modifica le impostazioni: password e autenticazione a due fattori.',
    },
    terms: { title: 'Termini e condizioni' },
  },
  validation: VALIDATION_IT,
  apiErrors: SPA_ERRORS_IT,
};
