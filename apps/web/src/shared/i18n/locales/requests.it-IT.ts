import type { Catalogue } from './en-US';

type Requests = Pick<Catalogue, 'documentUpload' | 'notifications'>;

/** L'avanzamento di un caricamento e le notifiche dell'intestazione, anche nelle pagine pubbliche, in italiano. */
export const requestsIt: Requests = {
  documentUpload: {
    type: 'Tipo di documento',
    additionalType: 'Di quale documento si tratta?',
    additionalTypeHelp: 'Per esempio “Attestato di tirocinio”.',
    drop: 'Trascina qui un file',
    hint: 'PDF, JPEG o PNG, fino a {{max}} MB.',
    orButton: 'Puoi anche usare il pulsante qui sotto.',
    choose: 'Scegli un file',
    sendAgain: 'Invia di nuovo “{{name}}”',
    waiting: '“{{name}}” è stato scelto ma non è ancora allegato: compila i campi qui sopra, poi invialo.',
    sendWaiting: 'Invia “{{name}}”',
    forget: 'Rimuovi “{{name}}”',
    notAttached: {
      undescribed:
        'Il tuo documento “{{name}}” non è ancora allegato: indica di quale documento si tratta e invialo con il suo pulsante Invia, oppure rimuovilo.',
      sending: 'Il tuo documento “{{name}}” è ancora in invio: attendi che sia allegato, poi invia di nuovo.',
      unsent: 'Il tuo documento “{{name}}” non è ancora allegato: invialo di nuovo, oppure rimuovilo.',
    },
    progress: 'Avanzamento del caricamento',
    uploading: 'Caricamento: {{percent}}%',
    added: 'Documento aggiunto',
    updated: 'Documento aggiornato',
    deleted: 'Documento eliminato',
    download: 'Scarica',
    replace: 'Sostituisci',
    delete: 'Elimina',
    deleteTitle: 'Eliminare questo documento?',
    deleteMessage: '“{{name}}” sarà eliminato. L’operazione non può essere annullata.',
    deleteConfirm: 'Elimina il documento',
    /** In place of replace and delete: a document the published statement was evaluated on (decision 026). */
    evaluated: 'Valutato per l’attestato: resta invariato',
    /** Every upload error names its file (issue 14). */
    aboutFile: '“{{name}}”: {{message}}',
    columns: { type: 'Tipo', file: 'File', size: 'Dimensione', added: 'Aggiunto il', actions: 'Azioni' },
  },
  notifications: {
    awaiting_one: '{{count}} richiesta attende una tua risposta',
    awaiting_other: '{{count}} richieste attendono una tua risposta',
    // After "My requests", in its name (the badges are only seen): "My requests, 2 requests await…".
    navAwaiting_one: ', {{count}} richiesta attende una tua risposta',
    navAwaiting_other: ', {{count}} richieste attendono una tua risposta',
    navTotal_one: ', {{count}} richiesta in tutto',
    navTotal_other: ', {{count}} richieste in tutto',
  },
};
