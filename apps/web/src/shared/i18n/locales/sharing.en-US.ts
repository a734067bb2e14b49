/**
 * The applicant's share links to their statement, in English: with the logged-in area's texts
 * (area.en-US.ts), since no public page shows them (decision 079). The page a link opens is in
 * shared.en-US.ts.
 */
export const sharingEn = {
  sharing: {
    title: 'Share links',
    intro:
      'Make a link to the verification page of your statement for whoever needs to check it: they see the qualification, the publish date and your name partly hidden, and can download the PDF. You can give it a last day and revoke it at any time.',
    expiresOn: 'Last day the link works',
    expiresOnHelp: 'Optional: leave empty for a link with no expiry.',
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
};
