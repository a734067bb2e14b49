/**
 * A statement's publication as the staff follow it, in English: with the logged-in area's texts
 * (area.en-US.ts), since no public page shows them (decision 079).
 */
export const publicationEn = {
  publication: {
    title: 'Statement',
    publish: 'Publish the statement',
    publishHelp:
      'Publishing records the statement on the ledger, signs the PDF and sends it to the applicant.',
    pending:
      'Publication pending: the statement is being recorded, signed and stored. This page updates when it is done.',
    failed:
      'The publication failed and is no longer being tried. Publish it again: the steps already done are not repeated.',
    retry: 'Publish again',
    onlyAdmin: 'Only an administrator may publish the statement: ask one to publish it.',
    retried: 'The publication has been queued again.',
    published: 'Statement published on {{date}}.',
    verifyPage: 'Open its verification page',
    withdrawn:
      'The statement was withdrawn on {{date}} (lisbon statement:withdraw): its checks answer NOT valid, and no statement of appeal or amended statement can be issued. An open appeal can only be rejected.',
  },
};
