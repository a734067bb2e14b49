import type { TestDatabase } from './helper';

/**
 * A request in an appeal status straight from the database needs the published statement an
 * appeal is about: `issue_appeal` / `issue_amendment` attach to it or supersede it.
 */
export async function withPublishedStatement(database: TestDatabase, practiceId: number): Promise<string> {
  const id = `00000000-0000-4000-8000-${String(practiceId).padStart(12, '0')}`;
  const at = '2025-03-01T09:00:00.000Z';
  await database.db
    .insertInto('statements')
    .values({
      id,
      practice_id: practiceId,
      status: 'published',
      requested_by: null,
      requested_at: at,
      published_at: at,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}
