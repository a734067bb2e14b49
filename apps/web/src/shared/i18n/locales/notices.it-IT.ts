import type { noticesEn } from './notices.en-US';

export const noticesIt: typeof noticesEn = {
  notices: {
    heading: 'Avvisi',
    closureTitle: 'Uffici chiusi dal {{from}} al {{to}}',
    resumes: 'Il servizio riprende il {{date}}.',
    maintenanceTitle: 'Manutenzione attiva',
    maintenanceBody:
      'Richiedenti e visitatori vedono la pagina di manutenzione. Il personale può continuare a lavorare; un amministratore la disattiva nella pagina Avvisi e manutenzione.',
    optOut: {
      working: 'Annullamento dell’iscrizione…',
      doneTitle: 'Iscrizione annullata',
      done: 'La tua iscrizione alla newsletter è stata annullata: non riceverai più email promozionali. I messaggi sulle tue richieste continueranno ad arrivare.',
      failed: "Si è verificato un errore durante l'annullamento dell'iscrizione. Riprova più tardi.",
      home: 'Vai alla pagina iniziale',
    },
    staff: {
      title: 'Avvisi e manutenzione',
      maintenanceHeading: 'Manutenzione',
      switchLabel: 'Modalità manutenzione',
      switchHelp:
        'Quando è attiva, richiedenti e visitatori vedono la pagina di manutenzione; il personale può ancora accedere e lavorare.',
      adminsOnly: 'Solo gli amministratori possono attivare o disattivare la manutenzione.',
      configured:
        'La manutenzione è impostata dalla configurazione del server (MAINTENANCE_MODE), che prevale su questo comando.',
      switchedOn: 'Manutenzione attivata',
      switchedOff: 'Manutenzione disattivata',
      changesCaption: 'Ultime modifiche',
      when: 'Quando',
      who: 'Chi',
      what: 'Modifica',
      turnedOn: 'Attivata',
      turnedOff: 'Disattivata',
      closuresHeading: 'Periodi di chiusura',
      period: 'Chiuso',
      resumesOn: 'Il servizio riprende',
      announceFrom: 'Avviso mostrato dal',
      notice: 'Avviso',
    },
  },
};
