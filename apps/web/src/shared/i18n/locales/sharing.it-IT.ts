import type { sharingEn } from './sharing.en-US';

/** I link di condivisione di un attestato, in italiano (sharing.en-US.ts). */
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
};
