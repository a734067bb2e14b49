import {
  APPEAL_TYPES,
  type AppealType,
  type ApplicantMail,
  type DocumentType,
  isOneOf,
} from '@lisbon/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { queueMail } from '../../platform/mail/queue-mail';
import { findAccountById } from '../users/accounts';
import { APPEAL_MAILS } from './appeal.texts';
import type { MailTexts } from './greeting';
import { findAppealType } from './repository';
import { REQUEST_MAILS } from './request.texts';
import { STATEMENT_MAILS } from './statement.texts';

/** Every applicant mail, each kind in the file of the feature whose event sends it. */
const TEXTS: MailTexts<ApplicantMail> = {
  'en-US': { ...REQUEST_MAILS['en-US'], ...STATEMENT_MAILS['en-US'], ...APPEAL_MAILS['en-US'] },
  'it-IT': { ...REQUEST_MAILS['it-IT'], ...STATEMENT_MAILS['it-IT'], ...APPEAL_MAILS['it-IT'] },
};

/** The request's appeal type, appeal or amendment, null when none was asked for: its mails name it. */
async function appealTypeOf(db: Db, practiceId: number): Promise<AppealType | null> {
  const type = await findAppealType(db, practiceId);
  return isOneOf(APPEAL_TYPES, type) ? type : null;
}

/**
 * Queues a mail about a request to its applicant, in their language, in the caller's transaction
 * `db`: it goes out if and only if the change it tells about is committed. No account, no mail.
 */
export async function queueApplicantMail(
  ctx: AppContext,
  db: Db,
  kind: ApplicantMail,
  {
    userId,
    practiceId,
    text = null,
    documents = [],
  }: { userId: number; practiceId: number; text?: string | null; documents?: readonly DocumentType[] },
): Promise<void> {
  const account = await findAccountById(db, userId);
  if (!account) return;
  const link = `${ctx.config.publicUrl}/practices/${practiceId}`;
  const contactUrl = `${ctx.config.publicUrl}/contact`;
  const appealType = await appealTypeOf(db, practiceId);
  await queueMail(ctx, db, kind, account, (locale) =>
    TEXTS[locale][kind]({
      firstName: account.first_name,
      practiceId,
      text,
      link,
      contactUrl,
      documents,
      appealType,
    }),
  );
}
