import { createHash } from 'node:crypto';
import type { Statement } from '@lisbon/domain';
import type { App } from '../src/app';
import type { Clock } from '../src/platform/clock';
import type { Worker } from '../src/platform/jobs/worker';
import type { TestDatabase } from './helper';
import { bearer } from './identity';
import { applicant, dataOf, multipart, type Applicant } from './requests';
import { COMPLETE_ASSESSMENT, practiceIn, type PracticeFactory, type StaffMember } from './staff';

/** Shared by the statement tests: requests ready for issue, publication, downloads and uploads. */

export const FULL_ASSESSMENT = {
  ...COMPLETE_ASSESSMENT,
  institution_status: 'Public university, recognised by the Ministry of Education',
  teaching_institution: 'Instituto de Biociências',
  major: 'Ecology',
  workload: '3,200 hours',
  deqar_id: 'DEQARINST0001',
  whed_id: 'IAU-000001',
  access_requirements: 'Upper secondary school leaving certificate (Ensino Médio)',
  access_to_further_studies: 'Gives access to second-cycle (master’s) programmes',
  evaluation_notes: 'Comparable to an Italian Laurea (first-cycle degree), EQF level 6.',
};

/**
 * A request of `owner` in `ready_for_issue`, with every certificate field assessed, assigned to
 * the evaluator and the reviewer `staff` names, if any.
 */
export async function readyForIssue(
  database: TestDatabase,
  owner: Applicant,
  staff: Pick<PracticeFactory, 'assigneeId' | 'reviewerId'> = {},
): Promise<number> {
  const id = await practiceIn(database, {
    ...staff,
    userId: owner.id,
    status: 'ready_for_issue',
    isAssessed: true,
  });
  await database.db
    .updateTable('practice_evaluations')
    .set({ assessment: JSON.stringify(FULL_ASSESSMENT) })
    .where('practice_id', '=', id)
    .execute();
  return id;
}

export const publishMove = (app: App, staff: StaffMember, practiceId: number, remoteAddress = '192.0.2.10') =>
  app.inject({
    method: 'POST',
    url: `/api/v1/staff/practices/${practiceId}/transitions`,
    headers: bearer(staff.token),
    payload: { action: 'publish' },
    remoteAddress,
  });

export const statementOf = (app: App, who: Applicant, practiceId: number) =>
  app.inject({ method: 'GET', url: `/api/v1/practices/${practiceId}/statement`, headers: bearer(who.token) });

export async function downloadStatement(app: App, who: Applicant, practiceId: number): Promise<Buffer> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/practices/${practiceId}/statement/pdf`,
    headers: bearer(who.token),
  });
  if (response.statusCode !== 200)
    throw new Error(`download answered ${response.statusCode}: ${response.body}`);
  return response.rawPayload;
}

/** Staff publish, the worker runs the job: the published statement and its PDF. */
export async function publishOne(
  app: App,
  worker: Worker,
  { admin, owner, practiceId }: { admin: StaffMember; owner: Applicant; practiceId: number },
): Promise<{ statement: Extract<Statement, { status: 'published' }>; pdf: Buffer }> {
  const moved = await publishMove(app, admin, practiceId);
  if (moved.statusCode !== 200) throw new Error(`publish answered ${moved.statusCode}: ${moved.body}`);
  await worker.drainOnce();
  const statement = dataOf<Statement>(await statementOf(app, owner, practiceId));
  if (statement.status !== 'published') throw new Error('statement still pending after the job');
  return { statement, pdf: await downloadStatement(app, owner, practiceId) };
}

let addresses = 0;
/** A visitor's upload, each from its own address unless told, so the per-address limit stays out of the way. */
export function verifyUpload(
  app: App,
  /** null: the upload alone (`POST /verify`), the file naming the statement. */
  certificateId: string | null,
  content: Buffer,
  { remoteAddress, language = 'en-US' }: { remoteAddress?: string; language?: string } = {},
) {
  addresses += 1;
  const body = multipart({}, { name: 'statement.pdf', content, contentType: 'application/pdf' });
  return app.inject({
    method: 'POST',
    url: certificateId === null ? '/api/v1/verify' : `/api/v1/verify/${certificateId}`,
    headers: { ...body.headers, 'accept-language': language },
    payload: body.payload,
    remoteAddress: remoteAddress ?? `203.0.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`,
  });
}

export const sha256Of = (content: Buffer) => createHash('sha256').update(content).digest('hex');

export async function newApplicant(app: App, database: TestDatabase, clock: Clock, email: string) {
  return applicant(app, database, clock, email, { firstName: 'Maria' });
}
