import type { publicationEn } from './publication.en-US';

/** La pubblicazione di un attestato vista dallo staff, in italiano (publication.en-US.ts). */
export const publicationIt: typeof publicationEn = {
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
    withdrawn:
      'L’attestato è stato ritirato il {{date}} (lisbon statement:withdraw): le sue verifiche rispondono NON valido e non si possono emettere attestati di ricorso né attestati rettificati. Un ricorso aperto si può solo respingere.',
  },
};
