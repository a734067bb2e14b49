import { VERIFY_MESSAGES_EN } from '@lisbon/domain';

/** The statement in a digital wallet: the applicant's offer and the verifier's check, in English. */
export const walletEn = {
  wallet: {
    add: 'Add to a digital wallet',
    offerTitle: 'Add the statement to your digital wallet',
    offerIntro:
      'Open your wallet app (for example IT-Wallet or another EU Digital Identity Wallet) and scan this code, or open the link on this device. Your wallet will ask for the one-time code below.',
    qrAlt: 'QR code of the credential offer for your wallet',
    sameDevice: 'Open in a wallet on this device',
    txCode: 'One-time code',
    txCodeHelp: 'Type this code in your wallet when it asks. Do not share it.',
    expires: 'The offer can be used once, until {{time}}.',
    newOffer: 'Make a new offer',
    close: 'Close',
    offerFailed: 'The offer could not be made. Please try again.',
    checkIntro:
      'Someone can show you their recognition statement from a digital wallet. Ask them to scan this code with their wallet, or open the link on the device that holds the wallet.',
    checkTitle: 'Check a credential from a wallet',
    checkQrAlt: 'QR code of the request for a wallet',
    checkSameDevice: 'Open in a wallet on this device',
    waiting: 'Waiting for the wallet’s answer…',
    expired: 'This request has expired. Make a new one.',
    declined:
      'The wallet did not share a statement: its holder declined, or it holds none. Make a new request to try again.',
    declinedOpen: 'A wallet did not share a statement: its holder declined, or it holds none.',
    stillWaiting:
      'Still waiting for a valid answer until the request expires: the holder can scan the code again. Anyone who sees the code can answer, so a valid answer that comes later replaces this one.',
    gone: 'There is no check to show here. A check is shown only in the browser that made the request, or on the page the wallet opens when it answers, for {{hours}} hours; then it is deleted with what the wallet shared. Make a new request.',
    newRequest: 'Make a new request',
    requestFailed: 'The request could not be made. Please try again.',
    resultTitle: 'Result of the wallet check',
    valid: 'Valid',
    notValid: 'NOT valid',
    stepsTitle: 'Steps of the check',
    steps: {
      signature: 'Signature of the issuer',
      holder_binding: 'Holder binding (the wallet holds the key)',
      status: 'Status (not revoked or superseded)',
      ledger: 'Record in the ledger',
      claims: 'Details asked for, disclosed',
    },
    outcomes: { passed: 'passed', failed: 'failed', not_checked: 'not checked' },
    /** Why a statement is no longer in force: the PDF check's own words. */
    reasons: { superseded: VERIFY_MESSAGES_EN.superseded, revoked: VERIFY_MESSAGES_EN.revoked },
    disclosed: 'What the holder disclosed',
  },
};
