import { Readable } from 'node:stream';
import { createPracticeSchema, purposeStepSchema, qualificationStepSchema } from '@lisbon/domain';
import type { AppContext } from '../context';
import { uploadDocument } from '../modules/documents/service';
import { stageUpload } from '../modules/documents/upload';
import { createPractice, moveToReview, savePurpose, saveQualification } from '../modules/practices/service';
import { toSessionUser } from '../modules/sessions/service';
import { findAccountById } from '../modules/users/accounts';
import { hashPassword } from '../platform/passwords';
import { createActiveApplicant } from './applicants';

/** The smallest file the upload check takes for a PDF: its magic bytes and an end marker. */
const DEMO_PDF = Buffer.from('%PDF-1.7\n% demo document of the rush scenario\n%%EOF\n');

const PURPOSE = purposeStepSchema.parse({
  purpose: 'further_studies',
  italian_institution: 'Università di Bologna',
  programme_name: 'Laurea magistrale in Biologia',
});

const QUALIFICATION = qualificationStepSchema.parse({
  qualification_name: 'Licence de biologie',
  institution_name: 'Université de Lyon',
  institution_country: 'FR',
  institution_city: 'Lyon',
  delivery_mode: 'in_presence',
  study_program_name: 'Biologie',
  study_program_locale: 'French',
  studies_type: 'full_time',
  enrolled_at: '2016-09-01',
  graduated_at: '2019-07-15',
  issued_at: '2019-09-01',
  diploma_type: 'final',
});

export type RushDraftsOptions = { count: number; prefix: string; password: string };

export const rushEmail = (prefix: string, index: number) =>
  `${prefix}-${String(index).padStart(4, '0')}@bench.example.org`;

/** Rows per insert: far below SQLite's and PostgreSQL's limits on bound parameters. */
const BATCH = 400;
/** Files written at once when copying a draft's documents. */
const FILE_WRITES_AT_ONCE = 32;

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, at) => items.slice(at * size, (at + 1) * size));

/** An active applicant with a draft at the review step, made by the wizard's own services. */
async function createThroughServices(
  ctx: AppContext,
  { email, index, passwordHash }: { email: string; index: number; passwordHash: string },
): Promise<number> {
  const now = ctx.clock.now().toISOString();
  const id = await createActiveApplicant(
    ctx.db,
    { email, firstName: 'Rush', lastName: `Applicant ${index}`, birthDate: '1995-05-05', passwordHash },
    now,
  );
  const account = await findAccountById(ctx.db, id);
  if (!account) throw new Error(`account ${email} vanished`);
  const actor = toSessionUser(account);
  const draft = await createPractice(
    ctx,
    actor,
    createPracticeSchema.parse({ country: 'FR', level: 'higher', is_urgent: false }),
  );
  await savePurpose(ctx, actor, draft.id, PURPOSE);
  const withSteps = await saveQualification(ctx, actor, draft.id, QUALIFICATION);
  for (const type of withSteps.missing_documents) {
    const staged = await stageUpload(
      ctx.storage,
      { file: Readable.from([DEMO_PDF]), filename: `${type}.pdf` },
      ctx.config.uploadMaxBytes,
    );
    await uploadDocument(ctx, actor, { type, practice_id: draft.id }, staged);
  }
  await moveToReview(ctx, actor, draft.id);
  return id;
}

/** Stores one copy of the demo PDF per document row to come: keys are unique per row. */
async function storeCopies(ctx: AppContext, count: number): Promise<string[]> {
  const keys: string[] = [];
  for (const batch of chunks([...Array(count).keys()], FILE_WRITES_AT_ONCE)) {
    keys.push(...(await Promise.all(batch.map(() => ctx.storage.write(Readable.from([DEMO_PDF]))))));
  }
  return keys;
}

/**
 * Copies the template applicant's rows (account, draft, its history, its documents, each with a
 * file of its own) for every other applicant, a few hundred rows per statement, in one
 * transaction: thousands of drafts in seconds, identical to the one the services made. A table
 * the wizard comes to write for a draft must be copied here too (demo-rush-copies.test.ts).
 */
async function copyTemplate(
  ctx: AppContext,
  { templateId, applicants }: { templateId: number; applicants: { email: string; index: number }[] },
): Promise<void> {
  const { id: _user, ...user } = await ctx.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', templateId)
    .executeTakeFirstOrThrow();
  const { id: templatePracticeId, ...practice } = await ctx.db
    .selectFrom('practices')
    .selectAll()
    .where('user_id', '=', templateId)
    .executeTakeFirstOrThrow();
  const history = await ctx.db
    .selectFrom('practice_status_history')
    .selectAll()
    .where('practice_id', '=', templatePracticeId)
    .execute();
  const documents = await ctx.db
    .selectFrom('documents')
    .selectAll()
    .where('practice_id', '=', templatePracticeId)
    .execute();
  const keys = await storeCopies(ctx, applicants.length * documents.length);
  const takeKey = () => {
    const key = keys.pop();
    if (!key) throw new Error('a stored copy of a document is missing');
    return key;
  };
  await ctx.db.transaction().execute(async (trx) => {
    for (const batch of chunks(applicants, BATCH)) {
      const users = await trx
        .insertInto('users')
        .values(batch.map(({ email, index }) => ({ ...user, email, last_name: `Applicant ${index}` })))
        .returning('id')
        .execute();
      const practices = await trx
        .insertInto('practices')
        .values(users.map(({ id }) => ({ ...practice, user_id: id })))
        .returning(['id', 'user_id'])
        .execute();
      if (history.length > 0)
        await trx
          .insertInto('practice_status_history')
          .values(
            practices.flatMap(({ id, user_id }) =>
              history.map(({ id: _entry, ...entry }) => ({
                ...entry,
                practice_id: id,
                by_user_id: entry.by_user_id === templateId ? user_id : entry.by_user_id,
              })),
            ),
          )
          .execute();
      const copies = practices.flatMap(({ id, user_id }) =>
        documents.map(({ id: _document, ...document }) => ({
          ...document,
          user_id,
          practice_id: id,
          storage_key: takeKey(),
        })),
      );
      for (const rows of chunks(copies, BATCH)) await trx.insertInto('documents').values(rows).execute();
    }
  });
}

/**
 * Demo data for the rush scenario (`npm run cli -- demo:rush-drafts`): active applicants, each with
 * a draft at the review step (France, higher education, every required document attached), ready
 * to pay. The first missing one goes through the modules' own services, so its draft is exactly
 * what the wizard makes; the others are copies of its rows, made set-based (2,000 in seconds). An
 * applicant that already exists is left as it is.
 */
export async function createRushDrafts(ctx: AppContext, options: RushDraftsOptions): Promise<number> {
  const wanted = Array.from({ length: options.count }, (_, at) => ({
    index: at + 1,
    email: rushEmail(options.prefix, at + 1),
  }));
  const existing = new Set<string>();
  for (const batch of chunks(wanted, BATCH)) {
    const rows = await ctx.db
      .selectFrom('users')
      .select('email')
      .where(
        'email',
        'in',
        batch.map(({ email }) => email),
      )
      .execute();
    for (const { email } of rows) existing.add(email);
  }
  const [first, ...others] = wanted.filter(({ email }) => !existing.has(email));
  if (!first) return 0;
  const passwordHash = await hashPassword(options.password);
  const templateId = await createThroughServices(ctx, { ...first, passwordHash });
  if (others.length > 0) await copyTemplate(ctx, { templateId, applicants: others });
  return others.length + 1;
}
