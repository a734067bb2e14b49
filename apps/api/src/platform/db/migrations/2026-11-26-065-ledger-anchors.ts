import { timestampType, withId, withTimestamps, type MigrationDb } from '../schema-helpers';

/**
 * Anchors of the ledger on an Ethereum-compatible chain (decision 065). `ledger_anchors` holds one
 * batch of consecutive entries (`first_seq` is unique: a batch is made once), its Merkle root and
 * the one transaction that carries it: the nonce, the signed bytes and the hash are recorded before
 * the transaction is sent, so a worker that dies after sending finds it again instead of sending
 * another. `ledger_anchor_proofs` holds each entry's Merkle path, so a receipt is one indexed read.
 */
export async function up(db: MigrationDb): Promise<void> {
  const timestamp = timestampType(db);
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('ledger_anchors'))
      .addColumn('first_seq', 'integer', (column) => column.notNull().unique())
      .addColumn('last_seq', 'integer', (column) => column.notNull())
      .addColumn('entry_count', 'integer', (column) => column.notNull())
      .addColumn('root', 'varchar(64)', (column) => column.notNull())
      .addColumn('chain_id', 'bigint', (column) => column.notNull())
      .addColumn('sender', 'varchar(42)', (column) => column.notNull())
      .addColumn('status', 'varchar(20)', (column) => column.notNull())
      .addColumn('confirmations_required', 'integer', (column) => column.notNull())
      .addColumn('nonce', 'integer')
      .addColumn('raw_tx', 'text')
      .addColumn('tx_hash', 'varchar(66)', (column) => column.unique())
      // JSON list of the transactions given up because another took their nonce: never mined.
      .addColumn('abandoned_txs', 'text', (column) => column.notNull().defaultTo('[]'))
      .addColumn('block_number', 'bigint')
      .addColumn('block_hash', 'varchar(66)')
      .addColumn('block_time', timestamp)
      .addColumn('sent_at', timestamp)
      .addColumn('final_at', timestamp)
      .addColumn('last_error', 'text'),
  ).execute();
  await db.schema.createIndex('ledger_anchors_status_index').on('ledger_anchors').column('status').execute();

  await db.schema
    .createTable('ledger_anchor_proofs')
    .addColumn('entry_seq', 'integer', (column) => column.primaryKey().references('ledger_entries.seq'))
    .addColumn('anchor_id', 'integer', (column) => column.notNull().references('ledger_anchors.id'))
    .addColumn('leaf_index', 'integer', (column) => column.notNull())
    // JSON list of { side, hash } from the leaf up (RFC 6962 audit path with sides).
    .addColumn('path', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_anchor_proofs_anchor_index')
    .on('ledger_anchor_proofs')
    .column('anchor_id')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('ledger_anchor_proofs').execute();
  await db.schema.dropTable('ledger_anchors').execute();
}
