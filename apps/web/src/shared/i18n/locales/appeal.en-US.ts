/** The appeal or amendment page and its entry point on the request, in English (issue 8). */
export const appealEn = {
  appeal: {
    title: 'Appeal or amendment of request no. {{id}}',
    back: 'Back to request no. {{id}}',
    intro:
      'You can ask for an appeal or an amendment of your statement until {{deadline}}, seven days after its release.',
    formTitle: 'Your appeal or amendment',
    type: 'Type',
    types: { appeal: 'Appeal', amendment: 'Amendment' },
    typeHints: {
      appeal: 'You disagree with the evaluation and ask for it to be reconsidered.',
      amendment: 'The statement contains a mistake (a name, a date, a detail) to be corrected.',
    },
    motivation: 'Motivation',
    documentsTitle: 'Supporting documents',
    documentsHint: 'Optional: upload the documents that support your appeal or amendment, then send it.',
    attached: 'Documents attached',
    remove: 'Remove {{name}}',
    submit: 'Send the appeal or amendment',
    closedTitle: 'An appeal or amendment is not possible',
    tooLate:
      'It is too late: an appeal or amendment could be asked for only within seven days after the statement was released, until {{deadline}}.',
    withdrawn:
      'The statement of this request has been withdrawn: an appeal or amendment can no longer be asked for.',
    notPublished:
      'An appeal or amendment can be asked for only once the statement of this request is published.',
    openTitle: { appeal: 'Your appeal is in progress', amendment: 'Your amendment is in progress' },
    decidedTitle: { appeal: 'Your appeal', amendment: 'Your amendment' },
    askedAt: 'Asked on',
    documents: 'Supporting documents',
    documentCount_one: '{{count}} document',
    documentCount_other: '{{count}} documents',
    replyLink: 'The evaluation office has a question: reply from the request page.',
    statementPending: 'Publication of the statement is still pending. Please try again later.',
    statementReady: {
      appeal: 'The statement of appeal has been issued. It is attached to your statement, which stays valid.',
      amendment:
        'The amended statement has been issued. It replaces your previous statement, which is no longer valid.',
    },
    download: { appeal: 'Download the statement of appeal', amendment: 'Download the amended statement' },
    fileName: { appeal: 'statement-of-appeal-{{id}}.pdf', amendment: 'amended-statement-{{id}}.pdf' },
    statementTitle: { appeal: 'Statement of appeal', amendment: 'Amended statement' },
    verifyLink: 'Verification page',
    entryTitle: 'Appeal or amendment',
    entryText: 'You can ask for an appeal or an amendment of this statement until {{deadline}}.',
    entryButton: 'Ask for an appeal or amendment',
    followLink: 'See your appeal or amendment',
  },
};
