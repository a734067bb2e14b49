import { ANCHOR_STEP_TITLES } from '@lisbon/domain';
import type { anchorEn } from './anchor.en-US';

/** La registrazione di un attestato sulla blockchain e i passaggi della sua verifica, in italiano. */
export const anchorIt: typeof anchorEn = {
  anchor: {
    title: 'Registrazione sulla blockchain',
    off: 'Questo attestato è registrato solo nel registro dell’ente che lo ha rilasciato: non è ancorato su una blockchain pubblica.',
    pending:
      'Ancoraggio in attesa: la registrazione di questo attestato è nel registro dell’ente e sarà ancorata sulla blockchain con il prossimo lotto.',
    anchored:
      'L’impronta di questo attestato è ancorata su una blockchain pubblica: chiunque può verificarla lì, senza doversi fidare di noi.',
    chain: 'Catena',
    chainId: 'catena con id {{id}}',
    block: 'Blocco',
    transaction: 'Transazione',
    time: 'Ora del blocco',
    explorerLink: '{{hash}} (sull’esploratore di blocchi, apre un altro sito)',
    receipt: 'Scarica la prova (ricevuta JSON)',
    receiptFileName: 'attestato-{{id}}.ricevuta.json',
    receiptHelp:
      'Con il PDF e questa ricevuta, chiunque può verificare l’attestato tramite un qualsiasi nodo della catena, anche se questo portale non esistesse più.',
    checksTitle: 'I passaggi della verifica',
    step: 'Passaggio {{number}}: {{title}}',
    steps: ANCHOR_STEP_TITLES['it-IT'],
    outcomes: {
      passed: 'Superato',
      failed: 'Non superato',
      pending: 'In attesa',
      unavailable: 'Non verificabile ora',
      skipped: 'Non verificato',
      notAnchored: 'Non ancorato su una blockchain pubblica',
    },
    ledgerEntry: 'Voce del registro',
  },
};
