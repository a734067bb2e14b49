/** The page a share link opens, for any visitor, in English. */
export const sharedEn = {
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
    unknownLink:
      'The portal never gave this link: check that it was copied whole, or ask the holder of the statement for a new one.',
  },
};
