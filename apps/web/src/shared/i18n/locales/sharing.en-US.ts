/** Share links to a statement (applicant and visitor) and its publication as the staff follow it, in English. */
export const sharingEn = {
  sharing: {
    title: 'Share links',
    intro:
      'Make a link to the verification page of your statement for whoever needs to check it: they see the qualification, the publish date and your name partly hidden, and can download the PDF. You can give it a last day and revoke it at any time.',
    expiresOn: 'Last day the link works (optional)',
    expiresOnHelp: 'Leave empty for a link with no expiry.',
    create: 'Create a share link',
    created: 'Share link created',
    createdHelp: 'Copy the link now: for your safety it is shown only this once.',
    address: 'Share link address',
    copy: 'Copy',
    copied: 'Copied',
    none: 'You have no share links yet.',
    caption: 'Your share links',
    createdAt: 'Created on',
    expiry: 'Works until',
    noExpiry: 'No expiry',
    state: 'State',
    actions: 'Actions',
    states: { active: 'Active', expired: 'Expired', revoked: 'Revoked' },
    revoke: 'Revoke',
    revokeLabel: 'Revoke the link created on {{date}}',
  },
  shared: {
    title: 'Shared statement',
    intro:
      'The holder of this statement shared this page with you. Download the PDF and check it below: only the original file is valid.',
    facts: 'The statement',
    state: 'State',
    states: {
      published: 'Published',
      pending: 'Not yet published. Please try again later.',
      superseded: 'Replaced by an amendment',
      revoked: 'Revoked',
      unknown: 'Unknown',
    },
    holder: 'Holder (partly hidden)',
    qualification: 'Qualification',
    publishedAt: 'Publish date',
    transactionHash: 'Transaction hash',
    authority: 'Certificate authority',
    expiresOn: 'This link works until {{date}}.',
    download: 'Download the statement (PDF)',
    downloadFailed: 'The statement could not be downloaded. Please try again later.',
    unavailable: 'This link does not work',
  },
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
    retried: 'The publication has been queued again.',
    published: 'Statement published on {{date}}.',
    verifyPage: 'Open its verification page',
    refresh: 'Check again',
  },
};
