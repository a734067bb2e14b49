import { sql, type Selectable, type Updateable } from 'kysely';
import type { MerkleStep } from '@lisbon/domain';
import type { LedgerAnchorsTable, AnchorStatus } from '../../db/anchor-tables';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/schema-helpers';

export type AnchorRow = Selectable<LedgerAnchorsTable>;

/** PostgreSQL: one instance makes a batch at a time (SQLite's single writer does this alone). */
export async function lockForAnchor(trx: Db): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${ANCHOR_LOCK_KEY})`.execute(trx);
}

/** An arbitrary constant that names anchoring's advisory lock (the ledger's is another). */
const ANCHOR_LOCK_KEY = 5_847_302;

/** The anchor not yet final, if any: there is at most one at a time. */
export async function selectOpenAnchor(db: Db): Promise<AnchorRow | undefined> {
  return db
    .selectFrom('ledger_anchors')
    .selectAll()
    .where('status', '!=', 'final')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** The newest batch, whatever its state: the next one starts after its last entry. */
export async function selectLatestAnchor(db: Db): Promise<AnchorRow | undefined> {
  return db.selectFrom('ledger_anchors').selectAll().orderBy('first_seq', 'desc').limit(1).executeTakeFirst();
}

/** The newest batch that is final. */
export async function selectLatestFinalAnchor(db: Db): Promise<AnchorRow | undefined> {
  return db
    .selectFrom('ledger_anchors')
    .selectAll()
    .where('status', '=', 'final')
    .orderBy('first_seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function selectAnchor(db: Db, id: number): Promise<AnchorRow | undefined> {
  return db.selectFrom('ledger_anchors').selectAll().where('id', '=', id).executeTakeFirst();
}

/** How many entries wait after `afterSeq`, and when the oldest of them was appended. */
export async function selectWaiting(
  db: Db,
  afterSeq: number,
): Promise<{ count: number; oldestAt: string | null }> {
  const row = await db
    .selectFrom('ledger_entries')
    .select((eb) => [eb.fn.countAll<string | number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('seq', '>', afterSeq)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), oldestAt: row?.oldest ?? null };
}

export async function selectEntryHashes(
  db: Db,
  afterSeq: number,
  limit: number,
): Promise<{ seq: number; hash: string }[]> {
  return db
    .selectFrom('ledger_entries')
    .select(['seq', 'hash'])
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

export type NewAnchor = Pick<
  AnchorRow,
  'first_seq' | 'last_seq' | 'entry_count' | 'root' | 'chain_id' | 'sender' | 'confirmations_required'
> & { now: string };

/** Rows per INSERT of proofs: well under both databases' limits on bound values. */
const PROOF_ROWS_PER_INSERT = 1000;

export async function insertAnchor(
  trx: Db,
  anchor: NewAnchor,
  proofs: readonly { entrySeq: number; path: MerkleStep[] }[],
): Promise<AnchorRow> {
  const { now, ...fields } = anchor;
  const row = await trx
    .insertInto('ledger_anchors')
    .values({ ...fields, status: 'prepared', created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  for (let start = 0; start < proofs.length; start += PROOF_ROWS_PER_INSERT) {
    await trx
      .insertInto('ledger_anchor_proofs')
      .values(
        proofs.slice(start, start + PROOF_ROWS_PER_INSERT).map((proof, offset) => ({
          entry_seq: proof.entrySeq,
          anchor_id: row.id,
          leaf_index: start + offset,
          path: JSON.stringify(proof.path),
        })),
      )
      .execute();
  }
  return row;
}

/**
 * Moves an anchor on from `from` only (compare and set): false when another worker moved it
 * first, and the caller reads it again rather than act on a state that is gone.
 */
export async function moveAnchor(
  db: Db,
  { id, from, changes }: { id: number; from: AnchorStatus; changes: Updateable<LedgerAnchorsTable> },
): Promise<boolean> {
  const result = await db
    .updateTable('ledger_anchors')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function recordAnchorError(
  db: Db,
  { id, error, now }: { id: number; error: string | null; now: string },
): Promise<void> {
  await db
    .updateTable('ledger_anchors')
    .set({ last_error: error, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export type EntryAnchorRow = { anchor: AnchorRow; leafIndex: number; path: MerkleStep[] };

/** The batch that holds the entry at `seq`, with the entry's place and path in it. */
export async function selectAnchorOfEntry(db: Db, seq: number): Promise<EntryAnchorRow | undefined> {
  const proof = await db
    .selectFrom('ledger_anchor_proofs')
    .selectAll()
    .where('entry_seq', '=', seq)
    .executeTakeFirst();
  if (!proof) return undefined;
  const anchor = await selectAnchor(db, proof.anchor_id);
  if (!anchor) return undefined;
  // The column holds the JSON of the MerkleSteps written with the proof.
  return { anchor, leafIndex: proof.leaf_index, path: JSON.parse(proof.path) as MerkleStep[] };
}
