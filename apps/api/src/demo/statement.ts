import { serviceFor } from '@lisbon/domain';
import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { AppContext } from '../context';
import { findCountryFacts } from '../modules/reference/service';
import { findStatementIdOfPractice, publishStatement } from '../modules/statements/publication.service';
import { readStatementPdf } from '../modules/statements/service';
import { toSessionUser } from '../modules/sessions/service';
import { transition } from '../modules/transitions/service';
import { findAccountByEmail, findAccountById } from '../modules/users/accounts';
import { hashPassword } from '../platform/passwords';
import { createActiveApplicant } from './applicants';
import { createReadyStaff } from './staff';

/** Every certificate field filled in, as an evaluator would. */
export const DEMO_ASSESSMENT = {
  classification: 'EQF level 6 – first-cycle degree',
  awarding_institution: 'Université de Lyon',
  award_year: 2019,
  institution_status: 'Public university, accredited by the French Ministry of Higher Education',
  country_of_studies: 'FR',
  teaching_institution: 'Université Claude Bernard Lyon 1',
  qualification_type: 'Licence',
  major: 'Biologie des organismes',
  qualification_name: 'Licence de biologie',
  workload: '180 ECTS',
  duration: '3 years full time',
  deqar_id: 'DEQARINST0000',
  whed_id: 'IAU-000000',
  access_requirements: 'Baccalauréat général',
  access_to_further_studies: 'Gives access to second-cycle (master’s) programmes',
  evaluation_notes: 'Comparable to an Italian Laurea (first-cycle degree), EQF level 6.',
};

/**
 * A request of `applicantId` made ready for issue as the staff flow leaves it: every certificate
 * field assessed. For `demo:statement` and `demo:ready-for-issue` (local trials, browser journeys).
 */
export async function createReadyForIssue(ctx: AppContext, applicantId: number): Promise<number> {
  const now = ctx.clock.now().toISOString();
  // The service the portal's own rule gives France (a Lisbon Convention state), as for any request.
  const france = await findCountryFacts(ctx.db, 'FR');
  const offer = france && serviceFor({ country: france, level: 'higher', category: 'standard' });
  if (!offer) throw new Error('the reference data offers no service for France: run the seeds first');
  const { id: practiceId } = await ctx.db
    .insertInto('practices')
    .values({
      user_id: applicantId,
      status: 'ready_for_issue',
      service: offer.kind,
      country: 'FR',
      level: 'higher',
      is_urgent: 0,
      wizard_step: 'review',
      qualification_name: DEMO_ASSESSMENT.qualification_name,
      requested_at: now,
      requested_on: now.slice(0, 10),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('practice_evaluations')
    .values({
      practice_id: practiceId,
      assessment: JSON.stringify(DEMO_ASSESSMENT),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return practiceId;
}

export type DemoStatement = {
  certificateId: string;
  practiceId: number;
  pdf: Buffer;
  /** The demo admin who published it (password DEMO_STAFF_PASSWORD, two factors on). */
  admin: { email: string; secret: string };
};

/**
 * `npm run cli -- demo:statement`: for local trials and the verify bench, a demo applicant's
 * request made ready for issue (as the staff flow leaves it) and published by a demo admin
 * through the real publication: ledger entries, signed PDF, verify page. Never for production.
 */
export async function createDemoStatement(
  ctx: AppContext,
  { ownerEmail }: { ownerEmail?: string | undefined } = {},
): Promise<DemoStatement> {
  const now = ctx.clock.now().toISOString();
  const tag = randomBytes(4).toString('hex');
  const owner = ownerEmail ? await findAccountByEmail(ctx.db, ownerEmail) : undefined;
  if (ownerEmail && owner?.role !== 'applicant') throw new Error(`${ownerEmail} is not an applicant`);
  const applicantId = owner?.id ?? (await newDemoApplicant(ctx, tag, now));
  const admin = await createReadyStaff(ctx, {
    role: 'admin',
    email: `statement-admin-${tag}@demo.lisbon.test`,
    firstName: 'Ada',
    lastName: 'Amministra',
  });
  const adminAccount = admin && (await findAccountById(ctx.db, admin.userId));
  if (!adminAccount) throw new Error('the demo admin could not be made');

  const practiceId = await createReadyForIssue(ctx, applicantId);

  await transition(ctx, { practiceId, action: 'publish', actor: toSessionUser(adminAccount) });
  const certificateId = await findStatementIdOfPractice(ctx.db, practiceId);
  await publishStatement(ctx, certificateId);
  return {
    certificateId,
    practiceId,
    pdf: await buffer(await readStatementPdf(ctx, certificateId)),
    admin: { email: admin.email, secret: admin.secret },
  };
}

/** A demo applicant with a password nobody knows: the statement is for verification only. */
async function newDemoApplicant(ctx: AppContext, tag: string, now: string): Promise<number> {
  const passwordHash = await hashPassword(randomBytes(16).toString('hex'));
  return createActiveApplicant(
    ctx.db,
    {
      email: `statement-${tag}@demo.lisbon.test`,
      firstName: 'Maria',
      lastName: 'Rossi',
      birthDate: '1997-04-18',
      passwordHash,
    },
    now,
  );
}
