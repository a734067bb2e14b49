import type { MigrationDb } from '../schema-helpers';

/**
 * The first seed asked upper-secondary requests for the documents of higher education; spec §3
 * and the FAQ ask school-leavers for the 12th grade certificate and the final or national
 * examination instead of the transcript of records. A database still holding the first list gets
 * the new one; a list an administrator changed is left alone, and so is a level with no list
 * (the seed fills it).
 */
const LEVEL = 'upper_secondary';
const FIRST = ['identity_document', 'diploma', 'transcript_of_records', 'consent_form'];
const NOW = ['identity_document', 'diploma', 'grade_12_certificate', 'final_examination', 'consent_form'];

async function replaceList(db: MigrationDb, from: readonly string[], to: readonly string[]): Promise<void> {
  const rows: { document_type: string }[] = await db
    .selectFrom('required_documents')
    .select('document_type')
    .where('level', '=', LEVEL)
    .orderBy('position')
    .execute();
  const stored = rows.map((row) => row.document_type);
  if (stored.length !== from.length || stored.some((type, index) => type !== from[index])) return;
  await db.deleteFrom('required_documents').where('level', '=', LEVEL).execute();
  await db
    .insertInto('required_documents')
    .values(to.map((document_type, index) => ({ level: LEVEL, document_type, position: index + 1 })))
    .execute();
}

export async function up(db: MigrationDb): Promise<void> {
  await replaceList(db, FIRST, NOW);
}

export async function down(db: MigrationDb): Promise<void> {
  await replaceList(db, NOW, FIRST);
}
