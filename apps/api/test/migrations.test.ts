import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MigrationError, migrateToLatest } from '../src/platform/db/migrate';
import { migrations } from '../src/platform/db/migrations';
import { prepareDatabase, runSeeds } from '../src/seeds';
import { useTestApp } from './helper';

const t = useTestApp({ isMigrated: false });

describe('migrations and seeds', () => {
  it('apply every migration once, then nothing on a second run', async () => {
    const first = await migrateToLatest(t.database.db);
    expect(first.results?.map((r) => [r.migrationName, r.status])).toEqual(
      Object.keys(migrations).map((name) => [name, 'Success']),
    );
    const second = await migrateToLatest(t.database.db);
    expect(second.results).toEqual([]);
  });

  it('are date-prefixed so they sort in the order they were written', () => {
    const names = Object.keys(migrations);
    expect(names.every((name) => /^\d{4}-\d{2}-\d{2}-\d{3}-[a-z0-9-]+$/.test(name))).toBe(true);
    expect(names).toEqual([...names].sort());
  });

  it('seed reference data once and keep an edited entry when run again', async () => {
    const first = await runSeeds(t.database.db);
    expect(first.cmsEntries).toBeGreaterThanOrEqual(24);
    const edited = JSON.stringify({ title: 'Edited', body: 'Edited by staff' });
    await t.database.db.updateTable('cms_entries').set({ content: edited }).where('id', '=', 1).execute();

    const second = await runSeeds(t.database.db);
    expect(second.cmsEntries).toBe(0);
    const row = await t.database.db
      .selectFrom('cms_entries')
      .select('content')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(row.content).toBe(edited);
    const { count } = await t.database.db
      .selectFrom('cms_entries')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(first.cmsEntries);
  });
});

describe('the FAQ of a database seeded before the statement record was worded for both configurations', () => {
  const seeded = useTestApp();
  // The sentence each language's seed says now, and the one the first seed said.
  const SENTENCES = [
    {
      now: "recorded on our ledger, so that nobody can alter it unnoticed. Where we also anchor the ledger on a public blockchain, the statement's page says so, and anyone can check the record there without relying on us.",
      before: 'recorded on a blockchain, so that nobody can alter it unnoticed.',
    },
    {
      now: 'registrata nel nostro registro, così nessuno può modificarlo senza che ce ne si accorga. Se ancoriamo il registro anche su una blockchain pubblica, la pagina dell’attestato lo indica e chiunque può verificare la registrazione lì, senza doversi fidare di noi.',
      before: 'registrata su una blockchain, così nessuno può modificarlo senza che ce ne si accorga.',
    },
  ];

  it('gets the new sentences in both languages, and an answer an administrator rewrote is left alone', async () => {
    const db = seeded.database.db;
    const faq = () =>
      db.selectFrom('cms_entries').select(['id', 'content']).where('entity', '=', 'faq').execute();
    const seededRows = await faq();
    // The seed then wrote the Italian apostrophe straight, as migration 106 does (117 mends both).
    const statements = SENTENCES.map(({ now, before }) => {
      const row = seededRows.find((entry) => entry.content.includes(now));
      if (!row) throw new Error('expected the seeded statement answer');
      const straight = row.content.replaceAll('’', "'");
      return { ...row, straight, old: straight.replace(now.replaceAll('’', "'"), before) };
    });
    const other = seededRows.find((row) => !statements.some((statement) => statement.id === row.id));
    if (!other) throw new Error('expected another FAQ answer');
    const rewritten = JSON.stringify({ title: 'Statements', body: 'Rewritten by staff: on a blockchain.' });
    for (const statement of statements) {
      await db
        .updateTable('cms_entries')
        .set({ content: statement.old })
        .where('id', '=', statement.id)
        .execute();
    }
    await db.updateTable('cms_entries').set({ content: rewritten }).where('id', '=', other.id).execute();

    await migrations['2026-12-05-106-faq-statement-record']?.up(db);

    const after = await faq();
    for (const statement of statements) {
      expect(after.find((row) => row.id === statement.id)?.content).toBe(statement.straight);
    }
    expect(after.find((row) => row.id === other.id)?.content).toBe(rewritten);

    // Then migration 117 writes the answers 106 reworded as the seed does now.
    await migrations['2026-12-06-117-italian-apostrophes-in-the-seeded-pages']?.up(db);
    const mended = await faq();
    for (const statement of statements) {
      expect(mended.find((row) => row.id === statement.id)?.content).toBe(statement.content);
    }
  });
});

describe('the Italian pages of a database seeded while they wrote the apostrophe straight', () => {
  const seeded = useTestApp();
  const MIGRATION = '2026-12-06-117-italian-apostrophes-in-the-seeded-pages';
  const pages = () =>
    seeded.database.db
      .selectFrom('cms_entries')
      .select(['id', 'entity', 'locale', 'content'])
      .orderBy('id')
      .execute();
  const changes = () =>
    seeded.database.db
      .selectFrom('setting_changes')
      .selectAll()
      .where('key', 'like', 'cms.%')
      .orderBy('id')
      .execute();

  it('seeds them with ’ on a new database', async () => {
    const italian = (await pages()).filter((row) => row.locale === 'it-IT');
    expect(italian.filter((row) => row.content.includes('’')).length).toBeGreaterThanOrEqual(14);
    expect(italian.filter((row) => row.content.includes("'"))).toEqual([]);
  });

  it('writes ’ in every page still as seeded, audits each change, and keeps an administrator’s edit', async () => {
    const db = seeded.database.db;
    const seededRows = await pages();
    const italian = seededRows.filter((row) => row.locale === 'it-IT' && row.content.includes('’'));
    const [edited, ...asSeeded] = italian;
    if (!edited) throw new Error('expected the Italian pages');
    // The database before the seed wrote ’; an administrator then changed one page's title.
    for (const row of italian)
      await db
        .updateTable('cms_entries')
        .set({ content: row.content.replaceAll('’', "'") })
        .where('id', '=', row.id)
        .execute();
    const editedText = edited.content.replaceAll('’', "'").replace('"title":"', '"title":"Rivisto: ');
    await db.updateTable('cms_entries').set({ content: editedText }).where('id', '=', edited.id).execute();
    const changesBefore = await changes();

    await migrations[MIGRATION]?.up(db);

    const after = await pages();
    // Each page as seeded now; the edited one as its administrator left it; the English ones untouched.
    for (const row of seededRows.filter((row) => row.id !== edited.id))
      expect(after.find((page) => page.id === row.id)?.content).toBe(row.content);
    expect(after.find((page) => page.id === edited.id)?.content).toBe(editedText);
    const audited = (await changes()).slice(changesBefore.length);
    expect(audited.map((change) => change.key)).toEqual(asSeeded.map((row) => `cms.${row.entity}`));
    for (const [index, change] of audited.entries()) {
      const row = asSeeded[index];
      expect(change.changed_by).toBeNull();
      expect(JSON.parse(change.value_before ?? '')).toMatchObject({
        id: row?.id,
        content: row?.content.replaceAll('’', "'"),
      });
      expect(JSON.parse(change.value_after)).toMatchObject({ id: row?.id, content: row?.content });
    }

    // Run again, nothing is left to change.
    await migrations[MIGRATION]?.up(db);
    expect(await changes()).toHaveLength(audited.length + changesBefore.length);
  });
});

describe('the upper-secondary documents of a database seeded with the list of higher education', () => {
  const seeded = useTestApp();
  const FIRST = ['identity_document', 'diploma', 'transcript_of_records', 'consent_form'];
  const NOW = ['identity_document', 'diploma', 'grade_12_certificate', 'final_examination', 'consent_form'];
  const upperSecondary = async () =>
    (
      await seeded.database.db
        .selectFrom('required_documents')
        .select('document_type')
        .where('level', '=', 'upper_secondary')
        .orderBy('position')
        .execute()
    ).map((row) => row.document_type);
  const store = async (types: readonly string[]) => {
    const db = seeded.database.db;
    await db.deleteFrom('required_documents').where('level', '=', 'upper_secondary').execute();
    await db
      .insertInto('required_documents')
      .values(
        types.map((document_type, index) => ({
          level: 'upper_secondary',
          document_type,
          position: index + 1,
        })),
      )
      .execute();
  };
  const migration = migrations['2026-12-05-107-upper-secondary-documents'];
  // Back to the database before the migration (the first list, no kept lists), then the migration.
  const downThenUp = async (before: () => Promise<unknown>) => {
    await migration?.down?.(seeded.database.db);
    await before();
    await migration?.up(seeded.database.db);
  };

  it('seeds the school-leaving documents on a new database', async () => {
    expect(await upperSecondary()).toEqual(NOW);
  });

  it('replaces the first list with the school-leaving documents', async () => {
    await downThenUp(() => store(FIRST));
    expect(await upperSecondary()).toEqual(NOW);
  });

  it('lets the requests already submitted keep the list they were submitted with, and not the drafts', async () => {
    const db = seeded.database.db;
    const owner = await seeded.applicant({ email: 'school-leaver@example.org' });
    const refugee = await seeded.applicant({ email: 'refugee-leaver@example.org', category: 'refugee' });
    let submitted = 0;
    let refugees = 0;
    let draft = 0;
    await downThenUp(async () => {
      submitted = await seeded.request(owner, 'unassigned', { country: 'BR' });
      refugees = await seeded.request(refugee, 'unassigned', {
        country: 'BR',
        service: 'refugee_comparability',
      });
      draft = await seeded.request(owner, 'draft', { country: 'BR' });
      await db
        .updateTable('practices')
        .set({ level: 'upper_secondary' })
        .where('id', 'in', [submitted, refugees, draft])
        .execute();
    });
    const kept = async (id: number) =>
      (
        await db
          .selectFrom('practices')
          .select('required_documents_at_submission')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).required_documents_at_submission;
    expect(await kept(submitted)).toBe(FIRST.join(','));
    expect(await kept(refugees)).toBe([...FIRST, 'refugee_status_certificate'].join(','));
    expect(await kept(draft)).toBeNull();
  });

  it('leaves alone a list an administrator changed, and the documents of higher education', async () => {
    const own = ['identity_document', 'diploma', 'transcript_of_records', 'apostille', 'consent_form'];
    await downThenUp(() => store(own));
    expect(await upperSecondary()).toEqual(own);
    const higher = await seeded.database.db
      .selectFrom('required_documents')
      .select('document_type')
      .where('level', '=', 'higher')
      .orderBy('position')
      .execute();
    expect(higher.map((row) => row.document_type)).toEqual(FIRST);
  });
});

describe('the deadline of the appeals a database holds', () => {
  const seeded = useTestApp();

  it('counts from the day each appeal or amendment was asked for, and leaves other requests alone', async () => {
    const db = seeded.database.db;
    const owner = await seeded.applicant({ email: 'appellant@example.org' });
    const appealedId = await seeded.request(owner, 'appeal_in_evaluation');
    const urgentId = await seeded.request(owner, 'appeal_issued');
    const otherId = await seeded.request(owner, 'in_evaluation');
    await db
      .updateTable('practices')
      .set({ expected_deadline: '2026-01-15', requested_on: '2025-10-20', is_urgent: 0 })
      .where('id', 'in', [appealedId, urgentId, otherId])
      .execute();
    await db.updateTable('practices').set({ is_urgent: 1 }).where('id', '=', urgentId).execute();
    await db
      .insertInto('appeals')
      .values(
        [appealedId, urgentId].map((practiceId) => ({
          practice_id: practiceId,
          user_id: owner.id,
          type: practiceId === urgentId ? 'amendment' : 'appeal',
          motivation: 'The level is wrong.',
          document_ids: '[]',
          // 23:30 on 1 April in UTC is 2 April in Rome: the body's day counts.
          created_at: '2026-04-01T22:30:00.000Z',
        })),
      )
      .execute();
    const deadlineOf = async (id: number) =>
      (
        await db
          .selectFrom('practices')
          .select('expected_deadline')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).expected_deadline;
    const migration = migrations['2026-12-05-108-appeal-deadlines'];

    await migration?.up(db);
    // After Thursday 2 April 2026, with Easter Monday, 1 May, 2 June and 29 June (Rome) off: the
    // 60th working day is Wednesday 1 July, the 30th Monday 18 May.
    expect(await deadlineOf(appealedId)).toBe('2026-07-01');
    expect(await deadlineOf(urgentId)).toBe('2026-05-18');
    expect(await deadlineOf(otherId)).toBe('2026-01-15');

    await migration?.down?.(db);
    // Back to the request's own: the 60th working day after Monday 20 October 2025.
    expect(await deadlineOf(appealedId)).toBe('2026-01-19');
    expect(await deadlineOf(otherId)).toBe('2026-01-15');
  });
});

describe('the exact names of the requests a database holds', () => {
  const seeded = useTestApp();

  it('are filled for every submitted request from its applicant’s names, none for a draft or an erased name', async () => {
    const db = seeded.database.db;
    const ada = await seeded.applicant({ email: 'ada@example.org', firstName: 'Ada' });
    await db
      .updateTable('users')
      .set({ middle_name: 'Maria', last_name: 'Rössi' })
      .where('id', '=', ada.id)
      .execute();
    const submitted = await seeded.request(ada, 'in_evaluation');
    const older = await seeded.request(ada, 'closed');
    const draft = await seeded.request(ada, 'draft');
    const erased = await seeded.applicant({ email: 'erased@example.org' });
    await db
      .updateTable('users')
      .set({ first_name: '', last_name: '' })
      .where('id', '=', erased.id)
      .execute();
    const erasedRequest = await seeded.request(erased, 'closed');
    const migration = migrations['2026-12-06-118-practice-name-keys'];

    await migration?.down?.(db);
    await migration?.up(db);
    const keys = await db
      .selectFrom('practice_name_keys')
      .selectAll()
      .where('practice_id', 'in', [submitted, older, draft, erasedRequest])
      .orderBy('practice_id')
      .orderBy('name_key')
      .execute();
    const namesOf = (id: number) => keys.filter((key) => key.practice_id === id).map((key) => key.name_key);
    expect(namesOf(submitted)).toEqual(['ada maria rossi', 'ada rossi', 'rossi', 'rossi ada']);
    expect(namesOf(older)).toEqual(namesOf(submitted));
    expect(namesOf(draft)).toEqual([]);
    expect(namesOf(erasedRequest)).toEqual([]);
  });
});

describe('the wallet checks a database holds when each request keeps its mode and key', () => {
  const seeded = useTestApp();

  it('keeps every request, the earlier ones with no mode nor key (they follow the setting)', async () => {
    const db = seeded.database.db;
    const migration = migrations['2026-12-06-119-wallet-presentation-modes'];
    await migration?.down?.(db);
    const expiresAt = new Date(Date.now() + 600_000).toISOString();
    await db
      .insertInto('wallet_presentations')
      .values({ id: 'made-before', nonce: 'n', expires_at: expiresAt })
      .execute();
    await migration?.up(db);
    const row = await db
      .selectFrom('wallet_presentations')
      .select(['id', 'response_mode', 'issuer_kid'])
      .where('id', '=', 'made-before')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ id: 'made-before', response_mode: null, issuer_kid: null });
  });
});

describe('instances starting at once on an empty database', () => {
  const empty = useTestApp({ isMigrated: false });

  it('migrate and seed without a clash, and the seeds land once', async () => {
    const connections = [
      empty.database.openConnection(),
      empty.database.openConnection(),
      empty.database.openConnection(),
    ];
    try {
      const runs = await Promise.all(connections.map((db) => prepareDatabase(db)));
      const applied = runs.map((run) => run.migrations.results?.length ?? 0).sort((a, b) => b - a);
      expect(applied).toEqual([Object.keys(migrations).length, 0, 0]);
      const countries = await empty.database.db
        .selectFrom('countries')
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow();
      expect(runs.reduce((sum, run) => sum + run.seeded.countries, 0)).toBe(Number(countries.count));
    } finally {
      await Promise.all(connections.map((db) => db.destroy()));
    }
  });
});

describe('a database another release migrated', () => {
  const ahead = useTestApp({ isMigrated: false });
  const known = Object.keys(migrations);
  const record = (name: string) =>
    sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(
      ahead.database.db,
    );
  const forget = (name: string) =>
    sql`delete from kysely_migration where name = ${name}`.execute(ahead.database.db);

  it('is served as it is when a newer release added migrations after all of this one’s (a rollback)', async () => {
    await migrateToLatest(ahead.database.db);
    // What release N+1 would have done: an expand-only migration this release does not know.
    await sql`create table newer_things (id integer primary key)`.execute(ahead.database.db);
    await record('2099-01-01-100-newer-things');
    const started = await prepareDatabase(ahead.database.db);
    expect(started.migrations.results).toEqual([]);
    expect(started.migrations.newerMigrations).toEqual(['2099-01-01-100-newer-things']);
  });

  it('is refused, saying why, when one of this release’s migrations is missing before the newer ones', async () => {
    const latest = known.at(-1)!;
    await forget(latest);
    await expect(migrateToLatest(ahead.database.db)).rejects.toThrow(
      new MigrationError(
        `The database was migrated by a newer release (up to 2099-01-01-100-newer-things) but lacks this release's ${latest}: restore the backup taken before the upgrade (docs/deploy.md, section 11)`,
      ),
    );
    await record(latest);
  });

  it('is refused when it holds an unknown migration among this release’s own', async () => {
    await record('2000-01-01-000-another-build');
    await expect(migrateToLatest(ahead.database.db)).rejects.toThrow(
      /does not know among its own \(2000-01-01-000-another-build, 2099-01-01-100-newer-things\)/,
    );
    await forget('2000-01-01-000-another-build');
    expect((await migrateToLatest(ahead.database.db)).newerMigrations).toEqual([
      '2099-01-01-100-newer-things',
    ]);
  });
});
