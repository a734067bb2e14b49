import { sql, type RawBuilder } from 'kysely';
import { parseDatabaseUrl } from '../../apps/api/src/platform/config';
import { openDatabase, type Db } from '../../apps/api/src/platform/db/database';
import { isPostgres } from '../../apps/api/src/platform/db/schema-helpers';
import { insertAudit } from '../../apps/api/src/platform/ledger/audit-repository';
import { GENESIS_HASH } from '../../apps/api/src/platform/ledger/entry';
import { lockForAppend, selectHead } from '../../apps/api/src/platform/ledger/repository';

/**
 * A long ledger in seconds, for benches and tests at scale: `entries` synthetic entries appended
 * after the current head by one set-based INSERT (generate_series on PostgreSQL, a recursive CTE
 * on SQLite), issue and seal entries of made-up certificates `seed-<n>`, each linked to the one
 * before it.
 *
 * They are not signed: their signature is a placeholder and their hash a marker (`5eed` and the
 * sequence number in hex), not the SHA-256 of their content, so a real audit would reject them.
 * Instead the chain through the new head is recorded as audited, as the audit job records a full
 * audit that passed (decision 048): verifications trust that prefix, and the audit job goes on
 * from its head with the entries appended after it, which are real.
 *
 * The head it leaves is synthetic, and the portal refuses to start on a head its ledger key did
 * not sign (`platform/ledger/key-check.ts`): append a real entry first (`npm run cli --
 * demo:statement` publishes a statement). The database must be migrated.
 */
export type SeedLedgerOptions = {
  /** How many entries to append. */
  entries: number;
  /** Their `created_at` and the audit's time; now by default. */
  at?: Date;
};

export type SeededLedger = { fromSeq: number; throughSeq: number; headHash: string };

/** The marker hash of a seeded entry, as the SQL below writes it. */
export const seededHash = (seq: number): string => `5eed${seq.toString(16).padStart(60, '0')}`;

const PLACEHOLDER_SIGNATURE = Buffer.alloc(64).toString('base64');

/** `db` (a Kysely of the portal's schema) or a DATABASE_URL (`postgres://…`, a SQLite path). */
export async function seedLedger(target: Db | string, options: SeedLedgerOptions): Promise<SeededLedger> {
  if (typeof target === 'string') {
    const db = openDatabase(parseDatabaseUrl(target, process.cwd()));
    try {
      return await seedLedger(db, options);
    } finally {
      await db.destroy();
    }
  }
  const at = (options.at ?? new Date()).toISOString();
  return target.transaction().execute(async (trx) => {
    await lockForAppend(trx);
    const head = await selectHead(trx);
    const fromSeq = (head?.seq ?? 0) + 1;
    const throughSeq = fromSeq + options.entries - 1;
    if (options.entries > 0) {
      await insertSeries(trx, { fromSeq, throughSeq, headHash: head?.hash ?? GENESIS_HASH, at });
    }
    const headHash = options.entries > 0 ? seededHash(throughSeq) : (head?.hash ?? null);
    await insertAudit(trx, {
      scope: 'full',
      status: 'intact',
      from_seq: 1,
      through_seq: throughSeq,
      head_hash: headHash,
      entries_checked: throughSeq,
      fault_seq: null,
      fault: null,
      started_at: at,
      checked_at: at,
    });
    return { fromSeq, throughSeq, headHash: headHash ?? GENESIS_HASH };
  });
}

type Series = { fromSeq: number; throughSeq: number; headHash: string; at: string };

async function insertSeries(db: Db, { fromSeq, throughSeq, headHash, at }: Series): Promise<void> {
  const postgres = isPostgres(db);
  /** `prefix` and the sequence number in 60 hex digits: 64 characters, like a SHA-256. */
  const marker = (prefix: string, seq: RawBuilder<unknown>) =>
    postgres ? sql`${prefix} || lpad(to_hex(${seq}), 60, '0')` : sql`${prefix} || printf('%060x', ${seq})`;
  const seq = sql`series.seq`;
  const previous = sql`series.seq - 1`;
  const prevHash = sql`case when ${seq} = ${fromSeq} then ${headHash} else ${marker('5eed', previous)} end`;
  const isIssue = sql`${seq} % 2 = 1`;
  const select = sql`
    select
      ${seq},
      ${prevHash},
      case when ${isIssue} then 'issue' else 'seal' end,
      'seed-' || ((${seq} + 1) / 2),
      ${marker('feed', seq)},
      case when ${isIssue} then null else ${prevHash} end,
      ${at},
      ${PLACEHOLDER_SIGNATURE},
      ${marker('5eed', seq)}`;
  const columns = sql`(seq, prev_hash, kind, certificate_id, payload_hash, ref_hash, created_at, signature, hash)`;
  // The bounds are cast: PostgreSQL cannot tell which generate_series an untyped parameter calls.
  if (postgres) {
    await sql`
      insert into ledger_entries ${columns}
      ${select}
      from generate_series(${fromSeq}::bigint, ${throughSeq}::bigint) as series(seq)`.execute(db);
    return;
  }
  await sql`
    with recursive series(seq) as (
      select cast(${fromSeq} as integer)
      union all
      select seq + 1 from series where seq < ${throughSeq}
    )
    insert into ledger_entries ${columns}
    ${select}
    from series`.execute(db);
}
