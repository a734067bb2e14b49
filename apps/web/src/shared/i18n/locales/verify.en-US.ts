import { CERTIFICATE_LABELS_EN, VERIFY_REASONS_EN } from '@lisbon/domain';

/** The public verification page and the applicant's statement panel, in English. */
export const verifyEn = {
  verify: {
    title: 'Verify a statement',
    intro:
      'Upload the PDF of a statement to check that it is the original we published. Only the original file is valid: a printout, a scan or a re-saved copy is not.',
    idLabel: 'Statement id',
    walletTitle: 'Statement in a digital wallet',
    walletIntro:
      'A holder can also show their statement from a digital wallet (EU Digital Identity Wallet, IT-Wallet).',
    walletLink: 'Check a credential from a wallet',
    states: {
      published: 'This id belongs to a statement published on {{date}} by {{authority}}.',
      pending: 'This id belongs to a statement that is not yet published. Please try again later.',
      superseded: 'This id belongs to a statement that has been replaced by an amendment.',
      revoked: 'This id belongs to a statement that has been revoked.',
      unknown:
        'There is no statement with this id. Check the address, or scan the code on the statement again.',
    },
    fileTitle: 'Check a file',
    drop: 'Drop the statement PDF here',
    hint: 'One PDF file, at most {{max}} MB. The file is only checked, never kept.',
    choose: 'Choose a PDF file',
    checking: 'Checking the file…',
    tooLarge: 'The file is too large: the maximum size is {{max}} MB.',
    // Why the file is refused, not only what to do: a PNG renamed .pdf was "chosen as a PDF".
    notPdf: 'Not a PDF file: choose the statement’s PDF.',
    resultTitle: 'Result',
    valid: 'Valid',
    notValid: 'NOT valid',
    notPublished: 'Not yet published',
    checkedFile: 'File checked: {{name}}',
    details: {
      holder: 'Holder (partly hidden)',
      qualification: 'Qualification',
      publishedAt: 'Publish date',
      transactionHash: 'Transaction hash',
      authority: 'Certificate authority',
      ledgerLink: 'See the ledger entry',
    },
    // Under the title "Not yet published": what follows from it, not the same fact again (the API's
    // message, with no title above it, keeps the domain's sentence).
    reasons: {
      ...VERIFY_REASONS_EN,
      not_yet_published: 'Its publication is still under way: please try again later.',
    },
    another: 'Check another file',
  },
  statement: {
    title: 'Statement',
    pending: 'Publication of your statement is still pending. Please try again later.',
    refresh: 'Check again',
    withdrawn:
      'This statement was withdrawn on {{date}}. Its checks now answer NOT valid and its copies in digital wallets read revoked. We sent you the reason by email.',
    intro: 'Your statement has been published. Download the signed PDF: it is the only valid original.',
    download: 'Download the statement (PDF)',
    fileName: 'statement-{{id}}.pdf',
    share: 'Verification page of this statement',
    shareHelp:
      'Give this address to whoever needs to check your statement, with the PDF file: they upload it there.',
    fields: CERTIFICATE_LABELS_EN,
  },
};
