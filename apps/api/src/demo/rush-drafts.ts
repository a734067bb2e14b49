import { Readable } from 'node:stream';
import { createPracticeSchema, purposeStepSchema, qualificationStepSchema } from '@lisbon/domain';
import type { AppContext } from '../context';
import { uploadDocument } from '../modules/documents/service';
import { stageUpload } from '../modules/documents/upload';
import { createPractice, moveToReview, savePurpose, saveQualification } from '../modules/practices/service';
import { toSessionUser } from '../modules/sessions/service';
import {
  activateAccount,
  createAccount,
  findAccountByEmail,
  findAccountById,
} from '../modules/users/accounts';
import { hashPassword } from '../platform/passwords';

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

/**
 * Demo data for the rush scenario (`npm run cli -- demo:rush-drafts`): active applicants, each with
 * a draft at the review step (France, higher education, every required document attached), ready
 * to pay. Through the modules' own services, so the drafts are exactly what the wizard makes. An
 * applicant that already exists is left as it is.
 */
export async function createRushDrafts(ctx: AppContext, options: RushDraftsOptions): Promise<number> {
  const passwordHash = await hashPassword(options.password);
  let created = 0;
  for (let index = 1; index <= options.count; index += 1) {
    const email = rushEmail(options.prefix, index);
    if (await findAccountByEmail(ctx.db, email)) continue;
    const now = ctx.clock.now().toISOString();
    const id = await createAccount(ctx.db, {
      email,
      firstName: 'Rush',
      lastName: `Applicant ${index}`,
      birthDate: '1995-05-05',
      role: 'applicant',
      category: 'standard',
      locale: 'en-US',
      hasMarketingConsent: false,
      hasAcceptedTerms: true,
      now,
    });
    await activateAccount(ctx.db, id, passwordHash, now);
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
    created += 1;
  }
  return created;
}
