import type { appealEn } from './appeal.en-US';

/** La pagina del ricorso o della rettifica e il suo accesso dalla richiesta, in italiano (issue 8). */
export const appealIt: typeof appealEn = {
  appeal: {
    title: 'Ricorso o rettifica della richiesta n. {{id}}',
    back: 'Torna alla richiesta n. {{id}}',
    intro:
      'Puoi chiedere un ricorso o una rettifica del tuo attestato fino al {{deadline}}, sette giorni dal rilascio.',
    formTitle: 'Il tuo ricorso o la tua rettifica',
    type: 'Tipo',
    types: { appeal: 'Ricorso', amendment: 'Rettifica' },
    typeHints: {
      appeal: 'Non sei d’accordo con la valutazione e chiedi che sia riesaminata.',
      amendment: 'L’attestato contiene un errore (un nome, una data, un dettaglio) da correggere.',
    },
    motivation: 'Motivazione',
    documentsTitle: 'Documenti a supporto',
    // Not "…del ricorso o della rettifica, poi invialo": a masculine "lo" for either, or for a document.
    documentsHint: 'Facoltativo: carica i documenti a supporto, poi invia il ricorso o la rettifica.',
    attached: 'Documenti allegati',
    remove: 'Rimuovi {{name}}',
    submit: 'Invia il ricorso o la rettifica',
    closedTitle: 'Non è possibile chiedere un ricorso o una rettifica',
    tooLate:
      'È troppo tardi: un ricorso o una rettifica si potevano chiedere solo entro sette giorni dal rilascio dell’attestato, fino al {{deadline}}.',
    withdrawn:
      'L’attestato di questa richiesta è stato ritirato: non si possono più chiedere ricorsi o rettifiche.',
    notPublished: 'Un ricorso o una rettifica si possono chiedere solo dopo la pubblicazione dell’attestato.',
    openTitle: { appeal: 'Il tuo ricorso è in corso', amendment: 'La tua rettifica è in corso' },
    decidedTitle: { appeal: 'Il tuo ricorso', amendment: 'La tua rettifica' },
    // One label for an appeal (un ricorso) and an amendment (una rettifica): no gendered participle.
    askedAt: 'Data di presentazione',
    documents: 'Documenti a supporto',
    documentCount_one: '{{count}} documento',
    documentCount_other: '{{count}} documenti',
    replyLink: 'L’ufficio valutazioni ha una domanda: rispondi dalla pagina della richiesta.',
    statementPending: 'La pubblicazione dell’attestato è ancora in corso. Riprova più tardi.',
    statementReady: {
      appeal: 'L’attestato di ricorso è stato rilasciato. È allegato al tuo attestato, che resta valido.',
      amendment:
        'L’attestato rettificato è stato rilasciato. Sostituisce il tuo attestato precedente, che non è più valido.',
    },
    download: { appeal: 'Scarica l’attestato di ricorso', amendment: 'Scarica l’attestato rettificato' },
    fileName: { appeal: 'attestato-di-ricorso-{{id}}.pdf', amendment: 'attestato-rettificato-{{id}}.pdf' },
    statementTitle: { appeal: 'Attestato di ricorso', amendment: 'Attestato rettificato' },
    verifyLink: 'Pagina di verifica',
    entryTitle: 'Ricorso o rettifica',
    entryText: 'Puoi chiedere un ricorso o una rettifica di questo attestato fino al {{deadline}}.',
    entryButton: 'Chiedi un ricorso o una rettifica',
    followLink: 'Vedi il tuo ricorso o la tua rettifica',
  },
};
