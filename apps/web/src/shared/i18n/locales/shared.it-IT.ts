import type { sharedEn } from './shared.en-US';

/** La pagina che apre un link di condivisione, per chiunque, in italiano. */
export const sharedIt: typeof sharedEn = {
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
    unknownLink:
      'Il portale non ha mai rilasciato questo link: controlla che sia stato copiato per intero, o chiedi al titolare dell’attestato un link nuovo.',
  },
};
