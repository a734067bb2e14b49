import { createHash } from 'node:crypto';
import type { MigrationDb } from '../schema-helpers';

/**
 * The Italian pages the CMS seeds (the FAQ and the country tips) wrote the apostrophe straight, 53
 * times, where every other Italian text writes ’ (scripts/italian-apostrophes.test.mjs). The seed writes ’ since; a database
 * seeded before gets it here, in a page whose text is still exactly one the seed wrote (or the FAQ
 * answer migration 106 reworded), as the seed would write it now. A page an administrator edited is
 * theirs, and is left as it is.
 *
 * The texts seeded are known by their SHA-256, frozen here: each Italian page that held a straight
 * apostrophe, as every version of the seed wrote it, from the first (bc58a70a) to the one before
 * this migration (20655dda), and the statement answer after migration 106. Each change is audited
 * in `setting_changes` as migration 116's are (`cms.<entity>`, the row before and after, no author).
 * Data only: nothing to undo (a straight apostrophe is not put back).
 */
const SEEDED_TEXTS = new Set([
  // bc58a70a: FAQ 1, 3, 4, 5, 6 (before and after migration 106), 7, 8, 9; country tips 1 to 6
  '3febc1f4c6732e21ad8841ea642cd5fa41404c361395c69e41a9c87c8340a854',
  '70a9692d2136723037c66c9a8f9fb716edff941a48d5c431d4de01f8bb7fbb3a',
  'b4ee724a401c9b78267966fb51aa19f2612cf71790fce23eb8dacbfb5faf5284',
  '03e40e49ba47cb345b5068040bf3c0179fd1653fa5b22433beb3d95907a52e72',
  '5027717487ce865486a67583aff5254b2d41243e06ad500dde242e7aad6f747d',
  '09317b596ae69367a8c50e0c7a448b460ecb04377c587d608f80036463404c00',
  'fc6c22a3570f4fd58079b59c8337db2fa5d39eed87a9184b7c1b50698d0539ff',
  'e1d06a692edd5cfe36d72f05c89fb6290b3e361ebe25149b797dad84ae3d95a0',
  '2c59eb23831aea91f626496f50a54915514bd3c80096108a5e9a7cf49665d76d',
  '5048be9487f0c236d32dd1309451f0045ee9d95690add65f6c9ba746992d33b5',
  '5c4a9998370f63f63ef63d97c320cc687f6cbd81535b54e546e2964bc8c7f384',
  '65a034c7336f73d0b52d9ecdaf95cb35dcd1897d7fd3baf65569078413b51273',
  '87b0020c16af729cc6e2b807e80e0419d155bab35e7c31ca4bc5d0294fc137ac',
  '6fb0bd7bfe2e8e9fcd4b8206a902e26b5a9910b7eb50991282421db181042552',
  '520cd37e3ca1690ef71383e6565714e3765915e86bb5301be96c3e9e6971cc0e',
  // 8201beae: FAQ 1 (the count of Lisbon states from the data)
  'c89aa4ce79d91863833eb862c203a8458baf9679c149f9e5b8c5f03c5ac4cd5f',
  // a4b46e8c: FAQ 3, 5, 8, 9 (the address of each page named)
  '164425cb191c38ef44596f280b1f4d0b9a81631f44495179a17169284ed68386',
  'efdd55f9b9f862eda06adf34e5815758237ea7da7b18a1e04900017d09096840',
  '32182093b98668dbb0d685ba463d0b0a4d31b8cc361b14471fa7453fb5e6237c',
  '20446d9e6899469a603e977f38308a781fda89149c989f9edb8ee9a54f2ced6d',
  // 22e62aa7: FAQ 3 (the Supplemento al diploma)
  '567bc4e3818286341f087a3934f656adab2d7f6778049b96faa86b63d41ede71',
]);

const isSeededText = (content: string): boolean =>
  SEEDED_TEXTS.has(createHash('sha256').update(content).digest('hex'));

export async function up(db: MigrationDb): Promise<void> {
  const rows = await db
    .selectFrom('cms_entries')
    .select(['id', 'entity', 'locale', 'position', 'content'])
    .where('locale', '=', 'it-IT')
    .orderBy('id')
    .execute();
  const now = new Date().toISOString();
  for (const row of rows) {
    if (!isSeededText(row.content)) continue;
    // The stored JSON holds the title and the body; an apostrophe in JSON is written as it is.
    const content = row.content.replaceAll("'", '’');
    await db
      .updateTable('cms_entries')
      .set({ content, updated_at: now })
      .where('id', '=', row.id)
      .where('content', '=', row.content)
      .execute();
    await db
      .insertInto('setting_changes')
      .values({
        key: `cms.${row.entity}`,
        value_before: JSON.stringify(row),
        value_after: JSON.stringify({ ...row, content }),
        changed_by: null,
        changed_at: now,
      })
      .execute();
  }
}

/** Nothing to undo: the typographic apostrophe stays. */
export async function down(): Promise<void> {}
