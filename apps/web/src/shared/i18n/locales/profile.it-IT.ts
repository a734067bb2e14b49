import type { Catalogue } from './en-US';

/** Il percorso di studi e la pagina del consenso, in italiano. */
export const profileIt: Pick<Catalogue, 'study' | 'consent' | 'languageOffer'> = {
  study: {
    title: 'Il mio percorso di studi',
    none: 'Non hai ancora salvato titoli.',
    intro:
      'I titoli che hai conseguito. Salvarli qui ti permette di compilare con un clic il passo del titolo di una richiesta.',
    add: 'Aggiungi un titolo',
    addTitle: 'Aggiungi un titolo',
    editTitle: 'Modifica un titolo',
    edit: 'Modifica',
    delete: 'Elimina',
    deleteTitle: 'Eliminare questo titolo?',
    deleteMessage: '“{{name}}” sarà rimosso dal tuo percorso di studi. Le richieste già fatte non cambiano.',
    save: 'Salva',
    updated: 'Percorso di studi aggiornato',
    fields: {
      qualification: 'Nome del titolo',
      level: 'Livello',
      institution: 'Istituzione',
      country: 'Paese dell’istituzione',
      city: 'Città',
      programme: 'Corso di studi',
      enrolledAt: 'Data d’iscrizione',
      graduatedAt: 'Data di conseguimento',
    },
  },
  consent: {
    title: 'Consenso',
    textTitle: 'A che cosa acconsenti',
    p1: 'Per valutare il tuo titolo dobbiamo trattare i tuoi dati personali e i dati contenuti nei documenti che carichi, ai sensi del Regolamento generale sulla protezione dei dati (Regolamento (UE) 2016/679).',
    p2: 'Firmando il modulo di consenso permetti all’ente di valutazione di usare questi dati soltanto per:',
    purposeAssess: 'esaminare la tua richiesta e i documenti che invii;',
    purposeVerify:
      'verificare il tuo titolo presso le istituzioni che lo hanno rilasciato, quando il servizio comprende la verifica;',
    purposeIssue:
      'emettere il tuo attestato e registrarne l’impronta nel registro, così che chiunque possa verificarne l’autenticità.',
    p3: 'Puoi revocare il consenso in qualsiasi momento, accedere ai tuoi dati, rettificarli o cancellarli, e presentare reclamo all’autorità di controllo. La revoca non annulla il trattamento già effettuato.',
    downloadTitle: 'Scarica il modulo di consenso',
    downloadIntro:
      'Il modulo è generato con il tuo nome, nella lingua del tuo account. Stampalo, firmalo e caricalo qui sotto.',
    download: 'Scarica il modulo di consenso (PDF)',
    fileName: 'modulo-consenso.pdf',
    uploadTitle: 'Carica il modulo firmato',
    uploadToDraft: 'Il modulo firmato viene collegato alla tua richiesta in bozza n. {{id}}.',
    uploadToAccount:
      'Non hai richieste in bozza: un modulo caricato ora non appartiene a nessuna richiesta e viene eliminato dopo un certo tempo (la pagina Documenti indica quando). Inizia prima una richiesta, poi carica il modulo in quella.',
  },
  languageOffer: {
    title: 'La tua lingua preferita',
    text: 'Prima di accedere hai scelto {{chosen}} su questo dispositivo. La lingua preferita del tuo account è {{saved}}, quindi il portale ora usa {{saved}}.',
    save: 'Salva {{chosen}} come lingua preferita',
    keep: 'Mantieni {{saved}}',
  },
};
