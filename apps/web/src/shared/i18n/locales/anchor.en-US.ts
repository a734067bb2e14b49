import { ANCHOR_STEP_TITLES } from '@lisbon/domain';

/** A statement's record on the blockchain and the steps of its check (decisions 065, 066), in English. */
export const anchorEn = {
  anchor: {
    title: 'Record on the blockchain',
    off: 'This statement is recorded on the issuing body’s own ledger only: it is not anchored on a public blockchain.',
    pending:
      'Anchoring pending: the record of this statement is on the body’s ledger and will be anchored on the blockchain with the next batch.',
    anchored:
      'The fingerprint of this statement is anchored on a public blockchain: anyone can check it there, without relying on us.',
    chain: 'Chain',
    chainId: 'chain id {{id}}',
    block: 'Block',
    transaction: 'Transaction',
    time: 'Time of the block',
    explorerLink: '{{hash}} (on the block explorer, opens another site)',
    receipt: 'Download the proof (JSON receipt)',
    receiptFileName: 'statement-{{id}}.receipt.json',
    receiptHelp:
      'With the PDF and this receipt, anyone can check the statement through any node of the chain, even if this portal is no longer there.',
    checksTitle: 'The steps of the check',
    step: 'Step {{number}}: {{title}}',
    steps: ANCHOR_STEP_TITLES['en-US'],
    outcomes: {
      passed: 'Passed',
      failed: 'Failed',
      pending: 'Pending',
      unavailable: 'Could not be checked now',
      skipped: 'Not checked',
      notAnchored: 'Not anchored on a public chain',
    },
    ledgerEntry: 'Ledger entry',
  },
};
