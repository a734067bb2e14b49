import { PAYMENT_IT } from '@lisbon/domain';
import type { Catalogue } from './en-US';

/** Pagamento di una richiesta, ricevute e fatture, in italiano. */
export const paymentsIt: Pick<Catalogue, 'payments' | 'invoices'> = {
  payments: {
    title: 'Pagamento',
    intro:
      'Indica i dati di fatturazione, poi paga sulla pagina sicura del nostro servizio di pagamento. La richiesta è inviata appena il pagamento è confermato.',
    pay: 'Paga {{amount}}',
    amount: {
      caption: 'Importo dovuto per la richiesta n. {{id}}',
      item: 'Voce',
      net: 'Imponibile',
      vat: 'IVA {{rate}} %',
      total: 'Totale',
      toPay: 'Da pagare',
      urgentSupplement: 'Supplemento per la procedura urgente',
    },
    billing: {
      title: 'Dati di fatturazione',
      entityType: 'Chi paga',
      entityTypes: { individual: 'Persona fisica', legal_entity: 'Persona giuridica' },
      firstName: 'Nome/i',
      lastName: 'Cognome/i',
      fiscalCode: 'Codice fiscale',
      fiscalCodeHelp:
        '16 caratteri, oppure 11 cifre se è un codice provvisorio. Obbligatorio se il paese di fatturazione è l’Italia.',
      fiscalCodeOmocodiaConfirm: 'Confermo che questo codice fiscale è corretto',
      businessName: 'Ragione sociale',
      vatNumber: 'Partita IVA',
      vatNumberHelp: 'Le partite IVA italiane hanno 11 cifre.',
      companyFiscalCode: 'Codice fiscale della società',
      companyFiscalCodeHelp: 'Solo se diverso dalla partita IVA.',
      sdiCode: 'Codice univoco (SDI)',
      sdiCodeHelp:
        'Il codice destinatario di 7 caratteri per la fatturazione elettronica. Le società italiane indicano questo o una PEC.',
      pec: 'PEC (posta elettronica certificata)',
      pecHelp: 'Dove ricevere le fatture elettroniche, se non hai un codice univoco.',
      country: 'Paese',
      address: 'Indirizzo',
      city: 'Città',
      zipCode: 'CAP',
      zipCodeNone: 'Facoltativo: questo paese non ha codici postali.',
      province: 'Provincia',
      sameAsShipping: 'Indirizzo di fatturazione uguale a quello di spedizione',
    },
    outcome: PAYMENT_IT,
    return: {
      title: 'Conferma del pagamento',
      checking: 'Verifica dell’esito del pagamento…',
      notCompleted:
        'Il pagamento non è stato completato. La richiesta è ancora una bozza e nulla di quanto inserito è andato perso: paga qui sotto quando vuoi. Potrai modificarla di nuovo quando la pagina di pagamento si chiuderà, tra circa {{minutes}} min.',
      notCompletedClosing:
        'Il pagamento non è stato completato. La richiesta è ancora una bozza e nulla di quanto inserito è andato perso: paga qui sotto quando vuoi. Potrai modificarla di nuovo quando la pagina di pagamento si chiuderà, tra pochi minuti.',
      takingLong:
        'Il servizio di pagamento non ha ancora confermato il pagamento. Può richiedere alcuni minuti: non serve pagare di nuovo. Controlla di nuovo tra poco; ti scriveremo anche quando sarà confermato.',
      checkAgain: 'Controlla di nuovo',
      failedTitle: 'Pagamento non completato',
      draftKept: 'La richiesta è ancora una bozza e nulla di quanto inserito è andato perso.',
      unknown: 'Questo pagamento non esiste o non è tuo.',
    },
  },
  invoices: {
    intro: 'Per ogni pagamento sono emesse una fattura e una ricevuta.',
    title: 'Fattura',
    heading: '{{kind}} {{number}}',
    caption: 'Ricevute e fatture: pagina {{page}} di {{pages}}, {{total}} in tutto',
    columns: { number: 'Numero', kind: 'Tipo', issuedAt: 'Data di emissione', amount: 'Importo' },
    kinds: { invoice: 'Fattura', receipt: 'Ricevuta', credit_note: 'Nota di credito' },
    fileNames: {
      invoice: 'fattura-{{number}}.pdf',
      receipt: 'ricevuta-{{number}}.pdf',
      credit_note: 'nota-di-credito-{{number}}.pdf',
    },
    pagesLabel: 'Pagine di ricevute e fatture',
    page: 'Pagina {{page}}',
    description: 'Descrizione',
    subject: {
      request: 'Richiesta n. {{id}}: {{service}}',
      requestUrgent: 'Richiesta n. {{id}}: {{service}} (urgente)',
      delivery: 'Restituzione degli originali, spedizione n. {{id}}',
    },
    provider: 'Pagato tramite',
    transactionReference: 'Riferimento della transazione',
    corrects: 'Rettifica la fattura',
    amountTitle: 'Importo',
    amountCaption: 'Importo con il dettaglio dell’IVA',
    pdfTitle: 'Documento',
    pdfIntro:
      'Il PDF, in italiano e in inglese, riporta i dati di fatturazione del pagante, ogni voce e il dettaglio dell’IVA.',
    download: 'Scarica il PDF',
    back: 'Torna al tuo account',
    notFound: 'Questa fattura non esiste o non è tua.',
  },
};
