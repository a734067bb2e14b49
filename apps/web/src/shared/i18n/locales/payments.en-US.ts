import { PAYMENT_EN } from '@lisbon/domain';

/** Paying for a request (the review step, the provider's return) and invoices and receipts, in English. */
export const paymentsEn = {
  payments: {
    title: 'Payment',
    intro:
      'Give the billing details for the invoice, then pay on the secure page of our payment service. The request is submitted as soon as the payment is confirmed.',
    pay: 'Pay {{amount}}',
    amount: {
      caption: 'Amount due for request no. {{id}}',
      item: 'Item',
      net: 'Taxable amount',
      vat: 'VAT {{rate}} %',
      total: 'Total',
      toPay: 'To pay',
      urgentSupplement: 'Urgent processing supplement',
    },
    billing: {
      title: 'Billing information',
      entityType: 'Who pays',
      entityTypes: { individual: 'Individual', legal_entity: 'Legal entity' },
      firstName: 'First name(s)',
      lastName: 'Last name(s)',
      fiscalCode: 'Fiscal code',
      fiscalCodeHelp:
        'The Italian fiscal code (codice fiscale): 16 characters, or 11 digits for a provisional code. Required when the billing country is Italy.',
      fiscalCodeOmocodiaConfirm: 'I confirm that this fiscal code is correct',
      businessName: 'Business name',
      vatNumber: 'VAT number',
      vatNumberHelp: 'Italian VAT numbers have 11 digits.',
      companyFiscalCode: 'Fiscal code of the company',
      companyFiscalCodeHelp: 'Only if it differs from the VAT number.',
      sdiCode: 'Unique code (SDI)',
      sdiCodeHelp:
        'The 7-character recipient code for electronic invoices. Italian companies give it or a PEC.',
      pec: 'PEC (certified email)',
      pecHelp: 'Where electronic invoices are delivered, if you have no unique code.',
      country: 'Country',
      address: 'Address',
      city: 'City',
      zipCode: 'Zip code',
      zipCodeNone: 'Optional: this country has no postal codes.',
      province: 'Province',
      sameAsShipping: 'Billing address same as shipping',
    },
    outcome: PAYMENT_EN,
    return: {
      title: 'Confirming your payment',
      checking: 'Checking the outcome of your payment…',
      notCompleted:
        'The payment was not completed. Your request is still a draft and nothing you entered was lost: pay below when you are ready. It can be changed again once its payment page closes, in about {{minutes}} min.',
      notCompletedClosing:
        'The payment was not completed. Your request is still a draft and nothing you entered was lost: pay below when you are ready. It can be changed again once its payment page closes, in a few minutes.',
      takingLong:
        'The payment service has not confirmed your payment yet. This can take a few minutes: there is no need to pay again. Check again shortly; we will also write to you once it is confirmed.',
      checkAgain: 'Check again',
      failedTitle: 'Payment not completed',
      draftKept: 'Your request is still a draft and nothing you entered was lost.',
      unknown: 'This payment does not exist or is not yours.',
    },
  },
  invoices: {
    intro: 'An invoice and a receipt are issued for each payment.',
    title: 'Invoice',
    heading: '{{kind}} {{number}}',
    caption: 'Receipts and invoices: page {{page}} of {{pages}}, {{total}} in all',
    columns: { number: 'Number', kind: 'Type', issuedAt: 'Date of issue', amount: 'Amount' },
    kinds: { invoice: 'Invoice', receipt: 'Receipt', credit_note: 'Credit note' },
    fileNames: {
      invoice: 'invoice-{{number}}.pdf',
      receipt: 'receipt-{{number}}.pdf',
      credit_note: 'credit-note-{{number}}.pdf',
    },
    pagesLabel: 'Pages of receipts and invoices',
    page: 'Page {{page}}',
    description: 'Description',
    subject: {
      request: 'Request no. {{id}}: {{service}}',
      requestUrgent: 'Request no. {{id}}: {{service}} (urgent)',
      delivery: 'Return delivery of originals, shipment no. {{id}}',
    },
    provider: 'Paid through',
    transactionReference: 'Transaction reference',
    corrects: 'Corrects invoice',
    amountTitle: 'Amount',
    amountCaption: 'Amount with VAT breakdown',
    pdfTitle: 'Document',
    pdfIntro:
      'The PDF, in Italian and English, carries the payer’s billing details, every line and the VAT breakdown.',
    download: 'Download PDF',
    back: 'Back to your account',
    notFound: 'This invoice does not exist or is not yours.',
  },
} as const;
