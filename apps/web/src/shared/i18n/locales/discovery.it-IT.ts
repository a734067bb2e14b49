import type { Catalogue } from './en-US';

/** La ricerca del servizio (home e /service), in italiano. */
export const discoveryIt: Pick<Catalogue, 'discovery'> = {
  discovery: {
    limit: {
      title: 'Limite raggiunto',
      body: 'Un account rifugiato può presentare al massimo {{limit}} richieste e il tuo ne ha presentate {{limit}}: non è possibile crearne una nuova. Puoi seguirle in Le mie richieste.',
      link: 'Vai a Le mie richieste',
    },
    pageTitle: 'Trova il tuo servizio',
    intro:
      'Scegli il paese del sistema di istruzione che ha rilasciato il tuo titolo e il suo livello: vedrai il servizio che si applica, il prezzo, i tempi e i documenti necessari.',
    country: 'Paese del sistema di istruzione',
    countryHelp: 'Il paese il cui sistema di istruzione ha rilasciato il titolo. Digita almeno 2 caratteri.',
    level: 'Livello del sistema di istruzione',
    tipsLink:
      'Non sai quale paese scegliere? Leggi i suggerimenti per individuare il paese del sistema di istruzione',
    resultTitle: 'Il servizio per il tuo titolo',
    choose: 'Scegli un paese e un livello per vedere il servizio che si applica.',
    about: {
      correspondence_verification:
        'Un attestato che indica a quale titolo italiano corrisponde il tuo, secondo la Convenzione di Lisbona, e una verifica presso l’istituzione dell’autenticità del titolo.',
      comparability_verification:
        'Un attestato che confronta il tuo titolo con il sistema di istruzione italiano, e una verifica presso l’istituzione dell’autenticità del titolo.',
      comparability:
        'Un attestato che confronta il tuo titolo con il sistema di istruzione italiano. Per questo paese non è possibile la verifica presso l’istituzione che lo ha rilasciato.',
      refugee_comparability:
        'Un attestato gratuito che confronta il tuo titolo con il sistema di istruzione italiano, per i titolari di asilo politico o protezione sussidiaria in Italia.',
    },
    price: 'Prezzo',
    priceLine: '{{total}} IVA inclusa ({{net}} più {{vat}} di IVA)',
    free: 'Gratuito',
    time: 'Tempi previsti',
    timeLine: '{{days}} giorni lavorativi: se invii oggi, entro il {{date}}',
    urgent: 'Procedura urgente',
    urgentLine: '{{days}} giorni lavorativi, al prezzo di',
    documents: 'Documenti necessari',
    lisbonState: '{{country}}: un paese firmatario della Convenzione di Lisbona sul riconoscimento.',
    demoPrices:
      'I prezzi indicati sono valori dimostrativi: i prezzi reali saranno pubblicati prima dell’apertura del servizio.',
    refugeeTitle: 'Sei titolare di asilo o protezione sussidiaria in Italia?',
    refugeeBody:
      'I rifugiati possono ottenere gratuitamente la valutazione della comparabilità del titolo, previa prova del proprio status. La verifica non è inclusa. Registrati con un account per rifugiati per usarlo.',
    refugeeDocuments: 'Documenti per il servizio gratuito: {{documents}}.',
    noServiceBody:
      'Al momento non possiamo valutare titoli di questo livello per il paese scelto ({{country}}). Controlla il paese del tuo sistema di istruzione con i suggerimenti, oppure <contact>contattaci</contact>.',
    start: 'Inizia una richiesta',
    /** In the start button's place, on My requests too (`RequestLimitReached`). */
    limitReached:
      'Limite raggiunto: un account rifugiato può presentare al massimo {{limit}} richieste e il tuo le ha già presentate, quindi non è possibile iniziarne una nuova.',
    loginFirst: 'Ti chiederemo prima di accedere o di registrarti.',
  },
};
