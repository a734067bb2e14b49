import type { MigrationDb } from '../schema-helpers';

/**
 * The first seed asked upper-secondary requests for the documents of higher education; spec §3
 * and the FAQ ask school-leavers for the 12th grade certificate and the final or national
 * examination instead of the transcript of records. A database still holding the first list gets
 * the new one; a list an administrator changed is left alone, and so is a level with no list
 * (the seed fills it). Every request already submitted first keeps the list it was submitted
 * with, in the new column `required_documents_at_submission`.
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

/** The list a request asks for now: its country's own, else its level's; refugees add their certificate. */
async function currentList(db: MigrationDb, request: Submitted): Promise<string[]> {
  const own: { document_type: string }[] = await db
    .selectFrom('country_required_documents')
    .select('document_type')
    .where('country_code', '=', request.country)
    .where('level', '=', request.level)
    .orderBy('position')
    .execute();
  const rows: { document_type: string }[] =
    own.length > 0
      ? own
      : await db
          .selectFrom('required_documents')
          .select('document_type')
          .where('level', '=', request.level)
          .orderBy('position')
          .execute();
  const types = rows.map((row) => row.document_type);
  return request.service === 'refugee_comparability' ? [...types, 'refugee_status_certificate'] : types;
}

type Submitted = { country: string; level: string; service: string };

/** Requests already submitted keep the list that stood when they were, before it changes. */
async function keepSubmittedLists(db: MigrationDb): Promise<void> {
  const groups: Submitted[] = await db
    .selectFrom('practices')
    .select(['country', 'level', 'service'])
    .distinct()
    .where('status', '<>', 'draft')
    .execute();
  for (const group of groups) {
    await db
      .updateTable('practices')
      .set({ required_documents_at_submission: (await currentList(db, group)).join(',') })
      .where('country', '=', group.country)
      .where('level', '=', group.level)
      .where('service', '=', group.service)
      .where('status', '<>', 'draft')
      .execute();
  }
}

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('practices').addColumn('required_documents_at_submission', 'text').execute();
  await keepSubmittedLists(db);
  await replaceList(db, FIRST, NOW);
}

export async function down(db: MigrationDb): Promise<void> {
  await replaceList(db, NOW, FIRST);
  await db.schema.alterTable('practices').dropColumn('required_documents_at_submission').execute();
}
