import type { shareLinksEn } from './share-links.en-US';

/** Link di condivisione di un attestato e la sua pubblicazione vista dallo staff, in italiano (share-links.en-US.ts). */
export const shareLinksIt: typeof shareLinksEn = {
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
