import type { sharingEn } from './sharing.en-US';

/** Link di condivisione di un attestato e la sua pubblicazione vista dallo staff, in italiano. */
export const sharingIt: typeof sharingEn = {
  sharing: {
    title: 'Link di condivisione',
    intro:
      'Crea un link alla pagina di verifica del tuo attestato per chi deve controllarlo: vedrà il titolo, la data di pubblicazione e il tuo nome in parte nascosto, e potrà scaricare il PDF. Puoi dargli un ultimo giorno di validità e revocarlo in qualsiasi momento.',
    expiresOn: 'Ultimo giorno di validità del link',
    expiresOnHelp: 'Facoltativo: lascia vuoto per un link senza scadenza.',
    create: 'Crea un link di condivisione',
    created: 'Link di condivisione creato',
    createdHelp: 'Copia il link adesso: per la tua sicurezza è mostrato solo questa volta.',
    address: 'Indirizzo del link di condivisione',
    copy: 'Copia',
    copied: 'Copiato',
    none: 'Non hai ancora link di condivisione.',
    caption: 'I tuoi link di condivisione',
    createdAt: 'Creato il',
    expiry: 'Valido fino al',
    noExpiry: 'Nessuna scadenza',
    state: 'Stato',
    actions: 'Azioni',
    states: { active: 'Attivo', expired: 'Scaduto', revoked: 'Revocato' },
    revoke: 'Revoca',
    revokeLabel: 'Revoca il link creato il {{date}}',
  },
  shared: {
    title: 'Attestato condiviso',
    intro:
      'Il titolare di questo attestato ha condiviso con te questa pagina. Scarica il PDF e verificalo qui sotto: solo il file originale è valido.',
    facts: 'L’attestato',
    state: 'Stato',
    states: {
      published: 'Pubblicato',
      pending: 'Non ancora pubblicato. Riprova più tardi.',
      superseded: 'Sostituito da una rettifica',
      revoked: 'Revocato',
      unknown: 'Sconosciuto',
    },
    holder: 'Titolare (in parte nascosto)',
    qualification: 'Titolo',
    publishedAt: 'Data di pubblicazione',
    transactionHash: 'Hash della transazione',
    authority: 'Ente certificatore',
    expiresOn: 'Questo link è valido fino al {{date}}.',
    download: 'Scarica l’attestato (PDF)',
    downloadFailed: 'Non è stato possibile scaricare l’attestato. Riprova più tardi.',
    unavailable: 'Questo link non funziona',
  },
  publication: {
    title: 'Attestato',
    publish: 'Pubblica l’attestato',
    publishHelp:
      'La pubblicazione registra l’attestato sul registro, firma il PDF e lo invia al richiedente.',
    pending:
      'Pubblicazione in corso: l’attestato viene registrato, firmato e archiviato. Questa pagina si aggiorna quando ha finito.',
    failed:
      'La pubblicazione non è riuscita e non viene più ritentata. Pubblicalo di nuovo: i passaggi già fatti non vengono ripetuti.',
    retry: 'Pubblica di nuovo',
    onlyAdmin: 'Solo un amministratore può pubblicare l’attestato: chiedi a uno di loro di pubblicarlo.',
    retried: 'La pubblicazione è stata rimessa in coda.',
    published: 'Attestato pubblicato il {{date}}.',
    verifyPage: 'Apri la sua pagina di verifica',
    refresh: 'Controlla di nuovo',
  },
};
