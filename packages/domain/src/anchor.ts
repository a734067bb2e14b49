import { z } from 'zod/mini';
import type { Locale } from './locales';
import { ANCHOR_CHECK_STEPS } from './anchor-texts';

export { ANCHOR_CHECK_STEPS, ANCHOR_STEP_TITLES, type AnchorCheckStep } from './anchor-texts';

/**
 * The ledger's anchors on an Ethereum-compatible chain (decisions 065 and 066): what a statement's
 * record there looks like, the JSON receipt anyone can check without the portal, and the steps of
 * that check with their outcomes in plain words. One definition for the API, the web and the CLI.
 */

const sha256Hex = z.string().check(z.regex(/^[0-9a-f]{64}$/));
const chainHash = z.string().check(z.regex(/^0x[0-9a-f]{64}$/));
const chainAddress = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/));

/**
 * A statement's record on the chain: `off` when the body anchors nothing (its own ledger only),
 * `pending` until the anchor that holds its seal entry has its confirmations, then `anchored`.
 */
export const anchorViewSchema = z
  .discriminatedUnion('state', [
    z.object({ state: z.literal('off') }),
    z.object({ state: z.literal('pending') }),
    z.object({
      state: z.literal('anchored'),
      chain_id: z.number().check(z.int()),
      /** The operator's name for the chain (ANCHOR_CHAIN_NAME); null: only its id is known. */
      chain_name: z.nullable(z.string()),
      block_number: z.number().check(z.int()),
      /** The block's own time, as the chain recorded it. */
      block_time: z.string(),
      transaction_hash: chainHash,
      /** The transaction on the configured block explorer; null when none is configured. */
      explorer_url: z.nullable(z.string()),
    }),
  ])
  .register(z.globalRegistry, { id: 'Anchor' });
export type AnchorView = z.infer<typeof anchorViewSchema>;
export type AnchorState = AnchorView['state'];

/**
 * The certificate's transaction hash (spec §3): the chain's transaction once the anchor is final,
 * until then the statement's entry on the body's own ledger (decision 065).
 */
export const certificateTransactionHash = (anchor: AnchorView, ledgerHash: string): string =>
  anchor.state === 'anchored' ? anchor.transaction_hash : ledgerHash;

export const ANCHOR_RECEIPT_FORMAT = 'lisbon-anchor-receipt/1';
/** RFC 6962 (§2.1): SHA-256, leaves prefixed 0x00, inner nodes 0x01, positional pairs. */
export const MERKLE_ALGORITHM = 'rfc6962-sha256';

/** One step up the Merkle path: the sibling's hash and the side it stands on. */
export const merkleStepSchema = z.object({ side: z.enum(['left', 'right']), hash: sha256Hex });
export type MerkleStep = z.infer<typeof merkleStepSchema>;

/**
 * The proof of one ledger entry (a statement's seal entry), in the documented format
 * (docs/anchor-receipt.md): the entry as stored, the key that signed it, its Merkle path to the
 * batch's root, and the transaction that carries the root. Nothing personal: ids and hashes.
 */
export const anchorReceiptSchema = z
  .object({
    format: z.literal(ANCHOR_RECEIPT_FORMAT),
    entry: z.object({
      seq: z.number().check(z.int()),
      prev_hash: sha256Hex,
      kind: z.string(),
      certificate_id: z.string(),
      payload_hash: sha256Hex,
      ref_hash: z.nullable(sha256Hex),
      created_at: z.string(),
      signature: z.string(),
      hash: sha256Hex,
    }),
    /** The body's Ed25519 ledger key (SPKI PEM): compare it with the one the body publishes. */
    ledger_public_key: z.string(),
    merkle: z.object({
      algorithm: z.literal(MERKLE_ALGORITHM),
      leaf_index: z.number().check(z.int(), z.gte(0)),
      tree_size: z.number().check(z.int(), z.gte(1)),
      path: z.array(merkleStepSchema),
      root: sha256Hex,
    }),
    anchor: z.object({
      chain_id: z.number().check(z.int()),
      chain_name: z.nullable(z.string()),
      transaction_hash: chainHash,
      block_number: z.number().check(z.int()),
      block_hash: chainHash,
      block_time: z.string(),
      /** The body's address that sent the transaction: compare it with the one the body publishes. */
      sender: chainAddress,
      confirmations_required: z.number().check(z.int(), z.gte(1)),
    }),
    issuer: z.object({ name: z.string(), verify_url: z.string() }),
  })
  .register(z.globalRegistry, { id: 'AnchorReceipt' });
export type AnchorReceipt = z.infer<typeof anchorReceiptSchema>;

/**
 * `unavailable`: the chain's node could not be asked (nothing is known either way); `pending`: not
 * yet decidable (anchoring pending, confirmations still to come); `skipped`: not run.
 */
export const ANCHOR_CHECK_OUTCOMES = ['passed', 'failed', 'pending', 'unavailable', 'skipped'] as const;
export type AnchorCheckOutcome = (typeof ANCHOR_CHECK_OUTCOMES)[number];

export const ANCHOR_CHECK_REASONS = [
  'file_matches',
  'file_differs',
  'file_not_given',
  'entry_intact',
  'entry_not_seal',
  'entry_hash_differs',
  'entry_signature_differs',
  'ledger_broken',
  'path_leads_to_root',
  'path_differs',
  'transaction_holds_root',
  'transaction_not_found',
  'transaction_other_data',
  'transaction_other_block',
  'transaction_other_sender',
  'transaction_failed',
  'node_other_chain',
  'node_unreachable',
  'awaiting_confirmations',
  'anchoring_pending',
  'anchoring_off',
  'earlier_step_failed',
] as const;
export type AnchorCheckReason = (typeof ANCHOR_CHECK_REASONS)[number];

/** One step's outcome; `values` fill the placeholders of its message. */
export const anchorCheckSchema = z
  .object({
    step: z.enum(ANCHOR_CHECK_STEPS),
    outcome: z.enum(ANCHOR_CHECK_OUTCOMES),
    reason: z.enum(ANCHOR_CHECK_REASONS),
    values: z.record(z.string(), z.string()),
  })
  .register(z.globalRegistry, { id: 'AnchorCheck' });
export type AnchorCheck = z.infer<typeof anchorCheckSchema>;

/** What a step found, and why, with `{{placeholders}}` filled from the check's `values`. */
export const ANCHOR_CHECK_MESSAGES: Record<Locale, Record<AnchorCheckReason, string>> = {
  'en-US': {
    file_matches: 'The file’s SHA-256 fingerprint is exactly the one the seal entry holds.',
    file_differs:
      'The file’s SHA-256 fingerprint is {{actual}}, but the seal entry holds {{expected}}: this is not the sealed file (any change, even re-saving it, makes a different file).',
    file_not_given: 'No file was given: only the receipt itself was checked.',
    entry_intact:
      'The entry’s content hashes to its hash {{hash}}, and its signature checks with the body’s ledger key.',
    entry_not_seal:
      'The entry is a “{{kind}}” entry, not the seal entry of a statement file, so it says nothing about a file.',
    entry_hash_differs:
      'The entry’s content hashes to {{actual}}, not to the hash it claims ({{expected}}): the entry was changed.',
    entry_signature_differs:
      'The entry’s signature does not check with the body’s ledger key: the body did not sign this entry as it stands.',
    ledger_broken:
      'The body’s ledger around this entry does not check (an entry was changed or removed): contact the issuing body.',
    path_leads_to_root:
      'Hashing the entry up its Merkle path ({{steps}} steps) gives exactly the root {{root}}.',
    path_differs:
      'Hashing the entry up its Merkle path gives {{actual}}, not the root {{root}}: the path does not belong to this entry, or it was changed.',
    transaction_holds_root:
      'Transaction {{transaction}} in block {{block}} of chain {{chain}}, sent by {{sender}}, carries exactly the root; {{confirmations}} blocks confirm it.',
    transaction_not_found:
      'The node of chain {{chain}} knows no transaction {{transaction}}: the receipt names a transaction that is not on this chain.',
    transaction_other_data:
      'Transaction {{transaction}} carries {{actual}}, not the root {{root}}: the root is not in this transaction.',
    transaction_other_block:
      'Transaction {{transaction}} is in block {{actual}}, not in block {{block}} as the receipt says.',
    transaction_other_sender:
      'Transaction {{transaction}} was sent by {{actual}}, not by the body’s address {{sender}}.',
    transaction_failed: 'Transaction {{transaction}} is on the chain but failed, so it recorded nothing.',
    node_other_chain:
      'The node asked belongs to chain {{actual}}, not to chain {{expected}} of the receipt: ask a node of chain {{expected}}.',
    node_unreachable:
      'The blockchain node could not be reached, so this step could not be checked now. Try again later, or ask another node of the same chain.',
    awaiting_confirmations:
      'Transaction {{transaction}} is in block {{block}}, but only {{confirmations}} of the {{required}} blocks needed have confirmed it yet.',
    anchoring_pending:
      'Anchoring pending: the record of this statement is on the body’s ledger and waits to be anchored on the blockchain with the next batch.',
    anchoring_off:
      'The body keeps this record on its own ledger only: it is not anchored on a blockchain, so there is nothing there to check.',
    earlier_step_failed: 'Not checked, because an earlier step failed.',
  },
  'it-IT': {
    file_matches: 'L’impronta SHA-256 del file è esattamente quella contenuta nella voce di sigillo.',
    file_differs:
      'L’impronta SHA-256 del file è {{actual}}, ma la voce di sigillo contiene {{expected}}: questo non è il file sigillato (qualsiasi modifica, anche salvarlo di nuovo, produce un file diverso).',
    file_not_given: 'Nessun file indicato: è stata verificata solo la ricevuta.',
    entry_intact:
      'Il contenuto della voce corrisponde al suo hash {{hash}} e la sua firma è verificata con la chiave del registro dell’ente.',
    entry_not_seal:
      'La voce è di tipo “{{kind}}”, non la voce di sigillo del file di un attestato: non dice nulla su un file.',
    entry_hash_differs:
      'Il contenuto della voce dà l’hash {{actual}}, non quello dichiarato ({{expected}}): la voce è stata modificata.',
    entry_signature_differs:
      'La firma della voce non è verificata con la chiave del registro dell’ente: l’ente non ha firmato questa voce così com’è.',
    ledger_broken:
      'Il registro dell’ente attorno a questa voce non risulta integro (una voce è stata modificata o rimossa): contatta l’ente che ha rilasciato l’attestato.',
    path_leads_to_root:
      'Calcolando gli hash lungo il percorso di Merkle della voce ({{steps}} passaggi) si ottiene esattamente la radice {{root}}.',
    path_differs:
      'Calcolando gli hash lungo il percorso di Merkle della voce si ottiene {{actual}}, non la radice {{root}}: il percorso non appartiene a questa voce, oppure è stato modificato.',
    transaction_holds_root:
      'La transazione {{transaction}} nel blocco {{block}} della catena {{chain}}, inviata da {{sender}}, contiene esattamente la radice; {{confirmations}} blocchi la confermano.',
    transaction_not_found:
      'Il nodo della catena {{chain}} non conosce la transazione {{transaction}}: la ricevuta indica una transazione che non si trova su questa catena.',
    transaction_other_data:
      'La transazione {{transaction}} contiene {{actual}}, non la radice {{root}}: la radice non è in questa transazione.',
    transaction_other_block:
      'La transazione {{transaction}} si trova nel blocco {{actual}}, non nel blocco {{block}} indicato dalla ricevuta.',
    transaction_other_sender:
      'La transazione {{transaction}} è stata inviata da {{actual}}, non dall’indirizzo dell’ente {{sender}}.',
    transaction_failed:
      'La transazione {{transaction}} si trova sulla catena ma non è andata a buon fine: non ha registrato nulla.',
    node_other_chain:
      'Il nodo interrogato appartiene alla catena {{actual}}, non alla catena {{expected}} della ricevuta: interroga un nodo della catena {{expected}}.',
    node_unreachable:
      'Non è stato possibile raggiungere il nodo della blockchain, quindi questo passaggio non può essere verificato ora. Riprova più tardi, oppure interroga un altro nodo della stessa catena.',
    awaiting_confirmations:
      'La transazione {{transaction}} si trova nel blocco {{block}}, ma finora l’hanno confermata solo {{confirmations}} dei {{required}} blocchi necessari.',
    anchoring_pending:
      'Ancoraggio in attesa: la registrazione di questo attestato è nel registro dell’ente e attende di essere ancorata sulla blockchain con il prossimo lotto.',
    anchoring_off:
      'L’ente conserva questa registrazione solo nel proprio registro: non è ancorata su una blockchain, quindi lì non c’è nulla da verificare.',
    earlier_step_failed: 'Non verificato, perché un passaggio precedente non è riuscito.',
  },
};

/** A check's message with its values in place (the CLI; the web lets i18next fill them). */
export const anchorCheckMessage = (check: AnchorCheck, locale: Locale): string =>
  ANCHOR_CHECK_MESSAGES[locale][check.reason].replace(
    /\{\{(\w+)\}\}/g,
    (placeholder, name: string) => check.values[name] ?? placeholder,
  );

/** A chain as messages name it: `Ethereum Sepolia (11155111)`, or its id alone. */
export const chainLabel = ({
  chain_id: id,
  chain_name: name,
}: {
  chain_id: number;
  chain_name: string | null;
}) => (name ? `${name} (${id})` : String(id));
