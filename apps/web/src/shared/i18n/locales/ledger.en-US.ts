/** The public page of one ledger entry (`/ledger/{hash}`), in English. */
export const ledgerEn = {
  ledger: {
    title: 'Ledger entry',
    intro:
      'Every statement we issue is recorded on a ledger: a chain of signed entries, each holding the fingerprint (SHA-256 hash) of what it vouches for and the hash of the entry before it. An entry holds ids and hashes only, no personal data.',
    hashLabel: 'Entry hash',
    intact: 'This entry is intact: its hash and its signature check.',
    notIntact: 'This entry does NOT check: its hash or its signature does not match its content.',
    notFound: 'There is no ledger entry with this hash. Check the address.',
    factsTitle: 'What the entry records',
    fields: {
      kind: 'Kind of entry',
      seq: 'Position in the ledger',
      certificateId: 'Statement id',
      createdAt: 'Recorded on',
      payloadHash: 'Fingerprint recorded (payload hash)',
      refHash: 'Entry it refers to',
      prevHash: 'Previous entry in the ledger',
      hash: 'Hash of this entry',
      signature: 'Signature (Ed25519)',
    },
    kinds: {
      issue: 'Issue: the statement was issued, with the fingerprint of its fields',
      seal: 'Seal: the fingerprint of the signed PDF; a file is the original when its SHA-256 is this one',
      supersede: 'Supersede: the statement was replaced by an amended one',
      revoke: 'Revoke: the statement was revoked',
    },
    firstEntry: 'None: this is the first entry of the ledger',
    noReference: 'None',
    openEntry: 'Open the entry {{hash}}',
    checkStatement: 'Check a statement with this id',
    asData: 'The same entry as data (JSON)',
  },
};
