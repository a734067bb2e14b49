import type { Catalogue } from './en-US';

/** Restituzione degli originali (`/delivery`), in italiano. */
export const deliveryIt: Pick<Catalogue, 'delivery'> = {
  delivery: {
    title: 'Restituzione degli originali',
    intro:
      'Restituiamo i documenti originali cartacei delle richieste aperte alla restituzione. Metti le richieste nel carrello, indica le informazioni di spedizione, poi paga la tariffa di {{fee}} per spedizione ({{net}} più {{vat}} di IVA).',
    suspended: {
      title: 'Restituzione sospesa',
      text: 'Le restituzioni degli originali sono sospese: potrai ordinare la restituzione dal {{day}}.',
    },
    paid: 'Pagamento riuscito: la tua spedizione è pagata. Scarica la lettera di vettura qui sotto.',
    awaitingPayment: 'Stiamo aspettando la conferma del tuo pagamento…',
    notCompleted:
      'Il pagamento non è stato completato: non è stato addebitato nulla. Il carrello e le informazioni di spedizione restano salvati: paga qui sotto quando vuoi.',
    cart: {
      title: 'Carrello',
      intro:
        'Scegli le richieste di cui vuoi riavere gli originali: viaggiano insieme in una sola spedizione.',
      empty: 'Al momento nessuna richiesta è aperta alla restituzione.',
      emptyWhy:
        'L’ufficio apre una richiesta alla restituzione quando ha ricevuto i tuoi originali cartacei; un ricorso o una rettifica aperti sospendono la restituzione finché non si concludono.',
      item: 'Richiesta n. {{id}}: {{name}}',
      openedOn: 'Aperta alla restituzione dal {{date}}',
      count_one: '{{count}} richiesta nel carrello',
      count_other: '{{count}} richieste nel carrello',
    },
    shipping: {
      title: 'Informazioni di spedizione',
      nothingToShip:
        'Non c’è ancora nulla da spedire: potrai inserire le informazioni di spedizione quando l’ufficio aprirà una delle tue richieste alla restituzione degli originali.',
      nothingMoreToShip:
        'Non c’è altro da spedire: le tue spedizioni sono qui sotto. Potrai inserire nuove informazioni di spedizione se l’ufficio aprirà alla restituzione degli originali un’altra delle tue richieste.',
      once: 'Controlla bene i dati: una volta inviate, le informazioni di spedizione non possono essere modificate.',
      recipientName: 'Nome del destinatario',
      address: 'Indirizzo',
      city: 'Città',
      zipCode: 'CAP',
      zipCodeNone: 'Facoltativo: questo paese non ha codici postali.',
      province: 'Provincia o regione',
      country: 'Paese',
      phone: 'Telefono (per il corriere)',
      phoneHelp: 'Per esempio +39 06 1234 5678; senza prefisso internazionale, un numero del Paese scelto.',
      submit: 'Invia le informazioni di spedizione',
      updated: 'Informazioni di spedizione aggiornate',
      locked: 'Le informazioni di spedizione non possono essere modificate dopo l’invio.',
      confirm: {
        title: 'Conferma le informazioni di spedizione',
        text: 'Gli originali saranno spediti a questo destinatario e indirizzo. Una volta confermate, le informazioni di spedizione non possono essere modificate.',
        address: 'Indirizzo di spedizione',
        fee: 'Dopo paghi il costo di {{fee}} per spedizione: ora non viene addebitato nulla.',
        submit: 'Conferma',
      },
    },
    payment: {
      title: 'Dati di fatturazione e pagamento',
      emptyCart: 'Aggiungi almeno una richiesta al carrello per pagare.',
      nothingToPay: 'Non c’è nulla da pagare: nessuna richiesta è aperta alla restituzione.',
      shippingFirst: 'Invia le informazioni di spedizione prima di pagare.',
      suspended: 'Il carrello non può essere pagato ora: potrai ordinare la restituzione dal {{day}}.',
    },
    shipments: {
      heading: 'Le tue spedizioni',
      none: 'Ancora nessuna spedizione.',
      title: 'Spedizione n. {{id}}',
      waybillFileName: 'lettera-di-vettura-{{number}}.pdf',
      requests_one: 'Richiesta n.',
      requests_other: 'Richieste n.',
      requestLink: 'Richiesta n. {{id}}',
      paidOn: 'Pagata il {{date}}',
      deliveredOn: 'Consegnata il {{date}}',
      waybill: 'Scarica la lettera di vettura {{number}}',
      status: {
        open: 'In preparazione',
        paid: 'Pagata',
        delivered: 'Consegnata',
        cancelled: 'Annullata, tariffa rimborsata',
      },
    },
  },
};
