import type { Catalogue } from './en-US';

/** I termini e le condizioni delle due varianti di registrazione. */
export const termsIt: Pick<Catalogue, 'terms'> = {
  terms: {
    standard: {
      title: 'Termini e condizioni',
      intro: 'Queste condizioni si applicano al tuo account e alle richieste che invii con esso.',
      sections: {
        service: {
          title: 'Il servizio',
          body: 'Lisbon è il portale di un centro di valutazione dei titoli di studio. Su richiesta rilascia attestati su titoli conseguiti all’estero: corrispondenza o comparabilità con il sistema di istruzione italiano e, quando possibile, verifica del titolo. Un attestato è un parere esperto; la decisione di riconoscere un titolo spetta all’istituzione o all’autorità a cui lo presenti.',
        },
        account: {
          title: 'Il tuo account',
          body: 'Devi avere almeno 18 anni. Fornisci dati veri e completi e mantienili aggiornati; custodisci la tua password, perché rispondi di ciò che viene fatto con il tuo account. Un solo account per persona.',
        },
        documents: {
          title: 'Documenti',
          body: 'Carica solo documenti autentici. Possiamo contattare le istituzioni che li hanno rilasciati per verificarli. Un documento falsificato chiude la richiesta e può essere segnalato alle autorità competenti.',
        },
        fees: {
          title: 'Tariffe e pagamento',
          body: 'La tariffa di ogni servizio è indicata, IVA inclusa, prima del pagamento. Una richiesta viene valutata una volta pagata. Iniziata la valutazione, la tariffa non è rimborsata, salvo che la legge disponga diversamente.',
        },
        statements: {
          title: 'Attestati, ricorsi e rettifiche',
          body: 'Gli attestati sono pubblicati nella tua area del portale e chiunque può controllarli nella pagina di verifica. Puoi chiedere un ricorso o una rettifica entro sette giorni dal rilascio dell’attestato.',
        },
        privacy: {
          title: 'Dati personali',
          body: 'Trattiamo i tuoi dati personali secondo il Regolamento generale sulla protezione dei dati dell’UE (Regolamento 2016/679) solo per fornire il servizio, e li conserviamo finché servono o la legge lo richiede. Puoi vedere e correggere i tuoi dati nella pagina dell’account ed eliminare lì il tuo account: i tuoi dati personali vengono allora cancellati, tranne le fatture, che la legge ci impone di conservare.',
        },
        changes: {
          title: 'Modifiche a questi termini',
          body: 'Possiamo aggiornare questi termini. Ti informiamo delle modifiche importanti per email o sul portale; una richiesta è regolata dai termini in vigore quando l’hai presentata.',
        },
      },
    },
    refugee: {
      intro:
        'Questi termini si applicano al servizio gratuito di comparabilità per i titolari di asilo politico o di protezione sussidiaria in Italia, e agli account registrati per usarlo.',
      sections: {
        who: {
          title: 'Chi può usare il servizio',
          body: 'Le persone maggiorenni (almeno 18 anni) titolari di asilo politico (status di rifugiato) o di protezione sussidiaria riconosciuti in Italia.',
        },
        service: {
          title: 'Che cosa comprende il servizio',
          body: 'Un attestato di comparabilità del tuo titolo con il sistema di istruzione italiano, gratuito. I servizi di verifica non sono offerti con questi termini. Un attestato è un parere esperto; la decisione di riconoscere un titolo spetta all’istituzione o all’autorità a cui lo presenti.',
        },
        proof: {
          title: 'Prova del tuo status',
          body: 'Carica con la richiesta il certificato di riconoscimento dello status di rifugiato, oppure il documento che ti riconosce la protezione sussidiaria. Lo controlliamo prima che inizi la valutazione. Se il tuo status non può essere confermato, la richiesta viene chiusa: cambia la tua categoria in standard nel tuo account e potrai presentarla con il servizio ordinario.',
        },
        limit: {
          title: 'Numero di richieste',
          body: 'Un account rifugiato può presentare al massimo due richieste.',
        },
        documents: {
          title: 'Documenti dei tuoi studi',
          body: 'Carica i documenti dei tuoi studi di cui disponi. Carica solo documenti autentici: un documento falsificato chiude la richiesta e può essere segnalato alle autorità competenti.',
        },
        paidServices: {
          title: 'Servizi facoltativi',
          body: 'I servizi facoltativi a pagamento, come la restituzione dei documenti originali cartacei, costano la loro tariffa ordinaria, indicata prima del pagamento.',
        },
        account: {
          title: 'Il tuo account',
          body: 'Fornisci dati veri e completi e mantienili aggiornati; custodisci la tua password, perché rispondi di ciò che viene fatto con il tuo account. Un solo account per persona.',
        },
        privacy: {
          title: 'Dati personali',
          body: 'Trattiamo i tuoi dati personali secondo il Regolamento generale sulla protezione dei dati dell’UE (Regolamento 2016/679) solo per fornire il servizio. Le informazioni sul tuo status di protezione servono solo a controllare che tu possa usare questo servizio e non sono mai comunicate alle autorità del paese che hai lasciato. Puoi eliminare il tuo account dalla pagina dell’account: i tuoi dati personali vengono allora cancellati, tranne ciò che la legge ci impone di conservare.',
        },
        changes: {
          title: 'Modifiche a questi termini',
          body: 'Possiamo aggiornare questi termini. Ti informiamo delle modifiche importanti per email o sul portale; una richiesta è regolata dai termini in vigore quando l’hai presentata.',
        },
      },
    },
  },
};
