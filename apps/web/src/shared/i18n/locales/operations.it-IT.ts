import type { operationsEn } from './operations.en-US';

/** Operazioni del personale (issue #18): ricerca, scadenze, cruscotto, parti della pratica, lavoro su più richieste; in italiano. */
export const operationsIt: typeof operationsEn = {
  operations: {
    search: {
      region: 'Trova una richiesta',
      label: 'Trova una richiesta',
      placeholder: 'Numero, nome o email',
      hint: 'Il numero di una richiesta, o da 2 caratteri di nome, email, codice fiscale, titolo, istituzione o paese.',
      shortcut: 'Premi / in qualsiasi pagina del personale per tornare qui.',
      searching: 'Ricerca in corso…',
      results_one: '{{count}} richiesta trovata: frecce per scegliere, Invio per aprire',
      results_other: '{{count}} richieste trovate: frecce per scegliere, Invio per aprire',
      none: 'Nessuna richiesta corrisponde a “{{query}}”.',
      byNumber: 'Numero di richiesta',
    },
    deadline: {
      flags: { late: 'In ritardo', at_risk: 'A rischio', on_time: 'In tempo' },
      late_one: 'in ritardo di {{count}} giorno lavorativo',
      late_other: 'in ritardo di {{count}} giorni lavorativi',
      left_one: 'manca {{count}} giorno lavorativo',
      left_other: 'mancano {{count}} giorni lavorativi',
      /** Under the label "Giorni mancanti": the days counted, not said to be missing again. */
      count_one: '{{count}} giorno lavorativo',
      count_other: '{{count}} giorni lavorativi',
      dueToday: 'scade oggi',
      filter: 'Rispetto alla scadenza',
    },
    dashboard: {
      title: 'Cruscotto',
      intro:
        'Arretrato e scadenze come sono ora; pubblicazioni, tempi di pubblicazione, lavoro di ciascuno e ricorsi nel periodo che scegli, contati dal registro delle attività.',
      period: {
        legend: 'Periodo dei dati',
        from: 'Dal',
        to: 'Al',
        weeks_one: 'Ultima settimana',
        weeks_other: 'Ultime {{count}} settimane',
        shown: 'Dati dal {{from}} al {{to}}.',
        invalid: {
          dateNotBeforeStart:
            'Questo periodo non è valido: la data «Dal» viene dopo la data «Al». I dati qui sotto restano quelli dell’ultimo periodo valido.',
          invalidValue:
            'Questo periodo non è valido: può durare al massimo due anni, tra il 1900 e il 2999. I dati qui sotto restano quelli dell’ultimo periodo valido.',
        },
      },
      csv: 'Scarica la tabella (CSV)',
      csvOf: 'Scarica la tabella (CSV): {{title}}',
      files: {
        lateOrAtRisk: 'richieste-in-ritardo-o-a-rischio',
        againstTheDeadline: 'rispetto-alla-scadenza',
        backlogByStatus: 'arretrato-per-stato',
        publishedPerWeek: 'pubblicati-per-settimana',
        timeToPublication: 'tempo-alla-pubblicazione',
        workloadAndOutput: 'carico-e-produzione',
        appealsAndAmendments: 'ricorsi-e-rettifiche',
        refundsRefused: 'rimborsi-rifiutati',
        returnDeliveriesWaiting: 'restituzioni-in-attesa',
      },
      chartNote: 'Grafico della tabella seguente, che riporta gli stessi dati.',
      total: 'Totale',
      backlog: {
        title: 'Arretrato per stato',
        status: 'Stato',
        count: 'Richieste',
        appeals: 'Di queste, prime richieste: {{first}}; ricorsi: {{appeals}}; rettifiche: {{amendments}}.',
      },
      ageing: {
        title: 'Richieste aperte rispetto alla scadenza',
        flag: 'Scadenza',
        count: 'Richieste',
        noDeadline: 'Senza scadenza',
      },
      urgent: {
        title: 'Richieste che mancheranno la scadenza',
        intro_one:
          'In ritardo, o a rischio ({{count}} giorno lavorativo o meno, chiusure e festività escluse), dalla scadenza più vicina.',
        intro_other:
          'In ritardo, o a rischio ({{count}} giorni lavorativi o meno, chiusure e festività escluse), dalla scadenza più vicina.',
        none: 'Nessuna richiesta è in ritardo o a rischio.',
        request: 'Richiesta',
        applicant: 'Richiedente',
        status: 'Stato',
        deadline: 'Scadenza prevista',
        left: 'Giorni lavorativi',
        assignee: 'Valutatore',
      },
      published: { title: 'Attestati pubblicati per settimana', week: 'Settimana del', count: 'Pubblicati' },
      time: {
        title: 'Giorni lavorativi dalla presentazione alla pubblicazione',
        service: 'Servizio',
        published: 'Attestati pubblicati',
        median: 'Mediana dei giorni lavorativi',
        all: 'Tutti i servizi',
      },
      people: {
        title: 'Carico e produzione per valutatore e revisore',
        person: 'Membro del personale',
        evaluating: 'In valutazione ora',
        reviewing: 'Da revisionare ora',
        sent: 'Inviate in revisione',
        concluded: 'Revisioni concluse',
        published: 'Attestati pubblicati',
      },
      appeals: {
        title: 'Ricorsi e rettifiche',
        figure: 'Dato',
        value: 'Numero',
        share: 'Quota sugli attestati',
        statements: 'Attestati pubblicati',
        appeals: 'Ricorsi richiesti',
        amendments: 'Rettifiche richieste',
      },
      deliveries: {
        title: 'Restituzioni pagate, non ancora consegnate',
        count_one: '{{count}} richiesta pagata e non ancora spedita.',
        count_other: '{{count}} richieste pagate e non ancora spedite.',
        request: 'Richiesta',
        applicant: 'Richiedente',
        paidAt: 'Pagata il',
        waybill: 'Lettera di vettura',
      },
      refunds: {
        title: 'Rimborsi rifiutati dal gestore',
        count_one:
          '{{count}} rimborso rifiutato dal gestore dei pagamenti, che il portale non chiederà di nuovo: restituiscilo a mano dal pannello del gestore, con il riferimento del pagamento, poi segnalo come restituito a mano.',
        count_other:
          '{{count}} rimborsi rifiutati dal gestore dei pagamenti, che il portale non chiederà di nuovo: restituiscili a mano dal pannello del gestore, con il riferimento di ciascun pagamento, poi segna ciascuno come restituito a mano.',
        none: 'Nessun rimborso rifiutato.',
        payment: 'Pagamento',
        paymentOf: '{{provider}}, transazione {{reference}}',
        amount: 'Importo',
        reason: 'Rimborsato perché',
        reasons: {
          closed_before_evaluation: 'Richiesta chiusa prima della valutazione',
          delivery_cancelled: 'Restituzione annullata',
          not_submitted: 'Pagata per una richiesta che non poteva inviare',
        },
        request: 'Richiesta',
        noRequest: 'Nessuna che lo staff possa aprire (eliminata o mai inviata)',
        refusedOn: 'Rifiutato il',
        answer: 'Risposta del gestore',
        givenBack: 'Restituito a mano',
        mark: 'Segna come restituito a mano',
        markLabel: 'Segna come restituito a mano: {{amount}}, {{payment}}',
        markTitle: 'Restituito a mano?',
        markConfirm:
          'Segnare il rimborso di {{amount}} ({{payment}}) come restituito a mano dal pannello del gestore? Esce da questo elenco, e i pagamenti della richiesta lo mostrano come restituito a mano.',
        markBooks:
          'Il portale non emette la nota di credito: la emette il commercialista, come per ogni rimborso fatto dal pannello del gestore.',
        markKeep: 'Non ancora',
        marked: 'Rimborso di {{amount}} segnato come restituito a mano.',
      },
    },
    workspace: {
      partsLabel: 'Parti della richiesta',
      parts: {
        request: 'Richiesta e richiedente',
        documents: 'Documenti',
        checks: 'Controllo del fascicolo e verifica',
        assessment: 'Valutazione',
        thread: 'Messaggi',
        notes: 'Note',
        history: 'Cronologia',
      },
      prefilled: 'Ripreso dalla richiesta: controllalo.',
      sentBack: 'Rimandata in valutazione da {{name}}: {{note}}',
      record: {
        intro:
          'Tutto ciò che è accaduto a questa richiesta, dal più vecchio: passaggi, note, messaggi e documenti.',
        kinds: {
          move: 'Passaggio',
          note: 'Nota interna',
          staffMessage: 'Messaggio dell’ufficio',
          applicantMessage: 'Messaggio del richiedente',
          document: 'Documento caricato',
        },
        byApplicant: 'il richiedente',
        showOlder: 'Mostra le voci precedenti',
        none: 'Per questa richiesta non è stato ancora registrato nulla.',
      },
    },
    bulk: {
      selectAll: 'Seleziona tutte le richieste di questa pagina',
      message_one: 'Scrivi al richiedente ({{count}})',
      message_other: 'Scrivi ai richiedenti ({{count}})',
      dialogTitle: 'Un messaggio ai richiedenti',
      intro_one:
        'Il richiedente della richiesta {{ids}} lo legge nei messaggi della richiesta e lo riceve per email, nella sua lingua. Non gli chiede nulla: per porre una domanda, apri la richiesta.',
      intro_other:
        'I richiedenti delle richieste {{ids}} lo leggono nei messaggi della loro richiesta e lo ricevono per email, nella loro lingua. Non chiede loro nulla: per porre una domanda, apri la richiesta.',
      label: 'Messaggio',
      submit: 'Invia',
    },
  },
};
