import { ACTION_NAMES_IT, CERTIFICATE_LABELS_IT, STATUS_NAMES_IT } from '@lisbon/domain';
import type { Catalogue } from './en-US';

type Staff = Pick<Catalogue, 'staff' | 'thread' | 'reply'>;

/** L'area del personale (code, assegnazione, scheda della richiesta) e i messaggi di una richiesta, in italiano. */
export const staffIt: Staff = {
  staff: {
    twoFactorFirst: 'Attiva in questa pagina l’autenticazione a due fattori per usare l’area del personale.',
    queueTitles: {
      assigned: 'Assegnate a me',
      to_review: 'Da revisionare',
      unassigned: 'Da assegnare o ammettere',
      ready_for_issue: 'Pronte per il rilascio',
      archive: 'Archivio segreteria',
      all: 'Tutte le richieste',
    },
    queue: {
      caption_one: '{{title}}: pagina {{page}} di {{pages}}, {{count}} richiesta in tutto',
      caption_other: '{{title}}: pagina {{page}} di {{pages}}, {{count}} richieste in tutto',
      captionCapped:
        '{{title}}: pagina {{page}} di oltre {{pages}}, più di {{total}} richieste: restringi i filtri',
      kinds: '{{caption}} (prime richieste: {{first}}; ricorsi: {{appeals}}; rettifiche: {{amendments}})',
      navCount_one: ', {{count}} richiesta',
      navCount_other: ', {{count}} richieste',
      selectAll: 'Seleziona tutte le richieste assegnabili di questa pagina',
      selectAllShort: 'Seleziona tutte',
      selectRow: 'Seleziona la richiesta n. {{id}}',
      assignSelected: 'Assegna le selezionate ({{count}})',
      publishedByAdmin:
        'Gli attestati di queste richieste sono pubblicati da un amministratore: qui puoi seguirle.',
      none: {
        assigned: 'Nessuna richiesta è assegnata a te.',
        to_review: 'Nessuna richiesta attende la tua revisione.',
        unassigned: 'Nessuna richiesta attende di essere assegnata o ammessa.',
        ready_for_issue: 'Nessuna richiesta è pronta per il rilascio.',
        archive: 'L’archivio della segreteria non contiene ancora richieste.',
        all: 'Non è ancora stata inviata nessuna richiesta.',
      },
      noneFiltered: 'Nessuna richiesta in “{{title}}” corrisponde a questi filtri.',
      emptyFiltered: 'Azzera i filtri per vedere tutto l’elenco.',
    },
    filters: {
      title: 'Filtri',
      status: 'Stato',
      country: 'Paese del sistema di istruzione',
      service: 'Servizio',
      urgency: 'Urgenza',
      urgent: 'Solo urgenti',
      notUrgent: 'Non urgenti',
      deadline: 'Scadenza prevista entro il',
      assignee: 'Assegnatario',
      any: 'Tutti',
      clear: 'Azzera i filtri',
      toggle: 'Filtri',
      toggleActive_one: 'Filtri ({{count}} attivo)',
      toggleActive_other: 'Filtri ({{count}} attivi)',
    },
    columns: {
      number: 'Richiesta',
      applicant: 'Richiedente e titolo',
      status: 'Stato',
      service: 'Servizio',
      country: 'Paese e livello',
      deadline: 'Scadenza prevista',
      assignee: 'Assegnatario',
      reviewer: 'Revisore',
    },
    answered: {
      badge: 'Il richiedente ha risposto',
      readReply: 'Leggi la risposta',
    },
    people: {
      assignee: 'Valutatore delle credenziali (assegnatario)',
      reviewer: 'Revisore',
      none: 'Non assegnato',
    },
    assign: {
      title_one: 'Assegna la richiesta',
      title_other: 'Assegna le richieste',
      intro_one: 'La richiesta {{ids}} va al valutatore e al revisore che scegli.',
      intro_other: 'Le richieste {{ids}} vanno al valutatore e al revisore che scegli.',
      choose: 'Scegli…',
      open: 'Assegna',
      submit: 'Assegna',
      change: 'Cambia l’assegnazione',
      reassignIntro:
        'La richiesta {{id}} è già in lavorazione: il valutatore e il revisore che scegli la riprendono così com’è, e i precedenti non possono più intervenire.',
    },
    status: STATUS_NAMES_IT,
    actions: {
      changedMeanwhile:
        'Qualcun altro ha modificato questa richiesta nel frattempo: ora è mostrata com’è. Controllala, poi scegli di nuovo l’azione.',
      adminAdmits: 'Un amministratore ammette o respinge il ricorso o la rettifica richiesti.',
      adminPublishes:
        'Quando la richiesta è pronta per il rilascio, un amministratore pubblica l’attestato: solo gli amministratori possono farlo.',
      adminIssues:
        'Solo un amministratore pubblica l’attestato di questa richiesta: chiedi a uno di loro di pubblicarlo.',
      closeWithoutStatement: 'Chiuderla concluderebbe la richiesta senza attestato.',
      adminIssuesAppeal:
        'Solo un amministratore rilascia l’attestato di questo ricorso o di questa rettifica, oppure respinge la domanda: chiedi a uno di loro di farlo.',
      title: 'Azioni',
      none: 'Al momento non ci sono azioni per te su questa richiesta.',
      waitsForAssignment:
        'Nessuno è ancora assegnato a questa richiesta. Quando ti sarà assegnata, comparirà nella tua coda “Assegnate a me” e qui troverai le tue azioni.',
      waitsForReviewer:
        'Questa richiesta ora è nelle mani del suo revisore: non hai azioni da compiere finché non conclude la revisione o non la rimanda in valutazione.',
      fileCheckOpen:
        'Il controllo del fascicolo di questa richiesta non è concluso. Per inviarla in revisione non serve, ma verifica prima che il fascicolo sia completo e leggibile e concludi il controllo in “{{part}}”.',
      fileCheckOpenReview:
        'Il suo valutatore non ha concluso il controllo del fascicolo di questa richiesta: per concludere la revisione non serve, ma nessuno ha registrato il fascicolo come completo e leggibile.',
      noneButBelow:
        'Al momento nessuna azione su questa richiesta spetta a te: più in basso ti spettano la restituzione degli originali o i pagamenti.',
      publishing: 'Finché il suo attestato è in pubblicazione, su questa richiesta non si può fare altro.',
      waitsForApplicant:
        'Questa richiesta è in attesa che il richiedente risponda alla domanda che gli è stata inviata: non hai azioni da fare finché non risponde, e la sua risposta la riporta in valutazione.',
      waitsForApplicantClose:
        'Questa richiesta è in attesa che il richiedente risponda alla domanda che gli è stata inviata, e la sua risposta la riporta in valutazione. Fino ad allora l’unica azione possibile è chiuderla, e questo conclude la richiesta.',
      waitsForApplicantNote:
        'Questa richiesta è in attesa che il richiedente risponda alla domanda che gli è stata inviata: non hai azioni da fare finché non risponde, e la sua risposta la riporta in valutazione. Nel frattempo puoi aggiungere note interne.',
      waitsForApplicantEvaluate:
        'Questa richiesta è in attesa che il richiedente risponda alla domanda che gli è stata inviata: non hai azioni da fare finché non risponde, e la sua risposta la riporta in valutazione. Nel frattempo puoi proseguire con il controllo del fascicolo, la verifica e la valutazione, e aggiungere note interne.',
      confirm: 'La richiesta passa da “{{from}}” a “{{to}}”.',
      effects: {
        publish:
          'L’attestato viene firmato a nome dell’ente, registrato nel registro e inviato per mail al richiedente. L’operazione non può essere annullata: un attestato pubblicato può solo essere ritirato, o modificato con un ricorso o una rettifica.',
        issue_appeal:
          'Viene rilasciato un attestato del ricorso, allegato all’originale: l’attestato già pubblicato resta valido. Il richiedente riceve una mail. L’operazione non può essere annullata.',
        issue_amendment:
          'Un attestato rettificato sostituisce l’originale: l’attestato già pubblicato risulterà NON valido, sostituito dalla rettifica. Il richiedente riceve una mail. L’operazione non può essere annullata.',
        reject_appeal:
          'L’attestato già pubblicato resta valido e invariato. Il richiedente riceve una mail con il motivo. L’operazione non può essere annullata.',
      },
      message: 'Messaggio al richiedente',
      messageHelp: 'Il richiedente lo legge nella sua richiesta e lo riceve per email.',
      requestedDocuments: 'Documenti da richiedere (facoltativo)',
      reason: 'Motivo',
      note: 'Nota interna (facoltativa)',
      applicantReason: 'Motivo comunicato al richiedente',
      applicantReasonHelp: 'Il richiedente lo legge nella sua richiesta e lo riceve per email.',
      noteHelp:
        'Resta nella cronologia della richiesta, solo per il personale; il richiedente non la vede mai.',
      names: ACTION_NAMES_IT,
      amendmentNames: {
        request_appeal: 'Richiedi una rettifica',
        admit_appeal: 'Ammetti la rettifica',
        refuse_appeal: 'Respingi la rettifica',
        reject_appeal: 'Rigetta la rettifica',
      },
    },
    applicant: {
      title: 'Richiedente',
      name: 'Nome',
      email: 'Email',
      category: 'Categoria',
      categories: { standard: 'Standard', refugee: 'Rifugiato' },
      birthDate: 'Data di nascita',
      birthPlace: 'Luogo di nascita',
      nationality: 'Cittadinanza',
      document: 'Numero del documento di identità',
      phone: 'Telefono',
      residence: 'Paese di residenza',
      deleted: 'Il richiedente ha eliminato il suo account.',
    },
    documents: {
      preview: 'Mostra',
      previewOf: 'Anteprima di {{name}}',
      none: 'Questa richiesta non ha documenti.',
      pdfNote:
        'Le immagini si possono mostrare in questa pagina. I PDF si scaricano, per aprirli con il tuo lettore PDF: il portale non apre mai da sé un PDF caricato, così nessuno script contenuto può essere eseguito qui.',
    },
    delivery: {
      title: 'Restituzione degli originali',
      notOpened: 'Gli originali non sono aperti alla restituzione.',
      opened: 'Aperta alla restituzione dal {{date}}.',
      paid: 'Spedizione pagata il {{date}}.',
      delivered: 'Consegnata il {{date}}.',
      open: 'Apri alla restituzione',
      setDelivered: 'Imposta come consegnata',
      shipment: 'Spedizione n. {{id}}',
      recipient: 'Destinatario',
      phone: 'Tel. {{phone}}',
      waybill: 'Lettera di vettura {{number}}',
      downloadWaybill: 'Scarica la lettera di vettura (PDF)',
      confirmOpen:
        'Il richiedente riceve ora una mail che può ordinare la restituzione dei suoi originali cartacei e pagarne la spedizione. L’operazione non può essere annullata.',
      confirmDelivered:
        'Solo quando gli originali sono arrivati al richiedente: riceve ora una mail che i suoi documenti sono stati consegnati all’indirizzo indicato. L’operazione non può essere annullata.',
    },
    payments: {
      title: 'Pagamenti',
      caption: 'Pagamenti di questa richiesta e della sua restituzione',
      none: 'Per questa richiesta non è stato pagato nulla.',
      columns: { for: 'Per', amount: 'Importo', provider: 'Pagato tramite', refund: 'Rimborso' },
      request: 'La richiesta',
      delivery: 'Restituzione n. {{id}}',
      paidOn: 'Pagato il {{date}}',
      reference: 'Transazione {{reference}}',
      closeToRefund: 'Per rimborsare, chiudi prima la richiesta',
      notRefunded: 'Non rimborsato',
      refundPending: 'Chiesto il {{date}}: in attesa del gestore',
      refunded: 'Rimborsato il {{date}}, nota di credito {{number}}',
      refundFailed: 'Il gestore ha rifiutato il rimborso: vedi il suo pannello',
      refundGivenBack: 'Rifiutato dal gestore; restituito a mano il {{date}}',
      providerSaid: 'Risposta del gestore: {{answer}}',
    },
    refund: {
      final:
        'Il denaro torna sulla carta che ha pagato; non si può annullare. La nota di credito e la mail al richiedente seguono la conferma del gestore.',
      keep: 'Non rimborsare',
      payment: {
        open: 'Rimborsa il pagamento',
        title: 'Rimborsa il pagamento',
        confirm:
          'Questa richiesta è stata chiusa prima dell’inizio della valutazione. Rimborsare al richiedente l’intero importo di {{amount}}?',
        submit: 'Rimborsa {{amount}}',
      },
      delivery: {
        open: 'Annulla la restituzione e rimborsa la tariffa',
        title: 'Annulla la restituzione',
        confirm:
          'Annullare la restituzione di questa spedizione, prima che ne sia consegnato alcun originale, e rimborsarne la tariffa di {{amount}}? Le sue richieste potranno essere ordinate di nuovo.',
        submit: 'Annulla e rimborsa {{amount}}',
      },
    },
    fileCheck: {
      title: 'Controllo del fascicolo',
      done: 'Concluso il {{date}} da {{name}}.',
      notDone: 'Il controllo del fascicolo non è ancora concluso.',
      notes: 'Note sul fascicolo (facoltative)',
      submit: 'Concludi il controllo del fascicolo',
      confirmTitle: 'Concludere il controllo del fascicolo?',
      confirm:
        'Il fascicolo viene registrato come completo e leggibile, con il tuo nome e queste note. La conclusione non potrà essere modificata in seguito.',
    },
    verification: {
      saved: 'Esito salvato: {{outcome}}',
      title: 'Verifica',
      outcome: 'Esito',
      outcomes: {
        pending: 'In corso',
        verified: 'Verificato con l’ente che lo ha rilasciato',
        not_verified: 'Non verificato',
        not_possible: 'Verifica non possibile',
      },
      notes: 'Note (facoltative)',
      submit: 'Salva la verifica',
      none: 'Nessuna verifica registrata.',
    },
    assessment: {
      title: 'Valutazione',
      intro: 'I campi dell’attestato che verranno stampati. Puoi salvare quante volte vuoi.',
      neededForReview: 'Necessario per l’invio in revisione',
      submit: 'Salva la valutazione',
      missing: 'Per inviare la richiesta in revisione completa la valutazione: {{fields}}.',
      unsaved:
        'Per inviare la richiesta in revisione salva la valutazione: i valori ripresi dalla richiesta non sono ancora salvati.',
      invalid: 'Per inviare la richiesta in revisione correggi la valutazione: {{fields}}.',
      invalidField: '{{field}} ({{message}})',
      // The certificate's own labels: the fields are those the statement prints.
      fields: CERTIFICATE_LABELS_IT,
    },
    notes: {
      title: 'Note interne',
      hint: 'Queste note sono lette solo dal personale.',
      none: 'A questa richiesta non è ancora stata aggiunta nessuna nota interna.',
      text: 'Nuova nota',
      submit: 'Aggiungi la nota',
    },
    history: {
      title: 'Cronologia',
      move: '{{from}} → {{to}}',
      system: 'il sistema',
      note: 'Nota: {{note}}',
      reason: 'Motivo comunicato al richiedente: {{reason}}',
      documentReplaced: '{{document}}: “{{file}}” sostituito da “{{replacement}}”',
      documentDeleted: '{{document}}: “{{file}}”',
      actions: {
        create: 'Bozza creata',
        submit: 'Inviata',
        assign: 'Assegnata',
        start: 'Valutazione avviata',
        ask_applicant: 'Richiesta al richiedente',
        reply: 'Il richiedente ha risposto',
        send_in_review: 'Inviata in revisione',
        conclude_review: 'Revisione conclusa',
        send_back: 'Rimandata in valutazione',
        mark_ready_for_issue: 'Segnata come pronta per il rilascio',
        publish: 'Pubblicata',
        close: 'Chiusa',
        request_appeal: 'Ricorso richiesto',
        admit_appeal: 'Ricorso ammesso',
        refuse_appeal: 'Ricorso respinto',
        issue_appeal: 'Attestato del ricorso rilasciato',
        issue_amendment: 'Attestato rettificato rilasciato',
        reject_appeal: 'Ricorso rigettato',
        file_check: 'Controllo del fascicolo concluso',
        verification: 'Verifica aggiornata',
        assessment: 'Valutazione aggiornata',
        note: 'Nota aggiunta',
        open_to_delivery: 'Aperta alla restituzione',
        set_delivered: 'Impostata come consegnata',
        reassign: 'Valutatore o revisore cambiato',
        refund_payment: 'Rimborso del pagamento richiesto',
        cancel_delivery: 'Restituzione annullata, rimborso della tariffa richiesto',
        refund_issued: 'Rimborso confermato dal gestore, nota di credito emessa',
        refund_given_back_by_hand: 'Rimborso rifiutato dal gestore, restituito a mano',
        document_replaced: 'Documento sostituito dal richiedente',
        document_deleted: 'Documento eliminato dal richiedente',
      },
      amendmentActions: {
        request_appeal: 'Rettifica richiesta',
        admit_appeal: 'Rettifica ammessa',
        refuse_appeal: 'Rettifica respinta',
        reject_appeal: 'Rettifica rigettata',
      },
    },
    updated: 'Ultimo aggiornamento il {{date}} da {{name}}.',
  },
  thread: {
    title: 'Messaggi',
    empty: 'Ancora nessun messaggio.',
    you: 'Tu',
    applicant: 'Richiedente',
    messageOf: 'Messaggio di {{author}}',
    // "Messaggio di Tu" is not Italian: the applicant's own message is "Il tuo messaggio".
    yourMessage: 'Il tuo messaggio',
    requested: 'Documenti richiesti',
    attached: 'Documenti allegati',
  },
  reply: {
    questionTitle: 'Abbiamo bisogno di qualcosa da te',
    askedOn: 'Richiesto il {{date}}',
    requested: 'Documenti che ti chiediamo',
    title: 'La tua risposta',
    message: 'Il tuo messaggio',
    attachTitle: 'Allega documenti (facoltativo)',
    attachRequestedTitle: 'Allega i documenti che ti chiediamo',
    missingDocuments: 'Prima di inviare, allega i documenti che ti chiediamo: {{names}}.',
    attached: 'Allegati alla tua risposta',
    remove: 'Rimuovi {{name}}',
    submit: 'Invia la risposta',
  },
};
