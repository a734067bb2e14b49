import {
  documentTypesSince,
  missingRequestedDocuments,
  requestedDocumentField,
  type Practice,
  type ReplyBody,
  type ThreadMessage,
  type WorkspaceNoticeKey,
} from '@lisbon/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import { listDocumentsOfPractice } from '../documents/service';
import { listThread, pendingQuestionOf } from '../messages/thread';
import { findOwnPractice } from '../practice-records/access.service';
import type { SessionUser } from '../sessions/service';
import { transition } from '../transitions/service';
import { getPractice } from './service';

/** GET /practices/{id}/messages: the owner's thread; staff appear as the office, never by name. */
export async function getOwnThread(
  ctx: AppContext,
  actor: SessionUser,
  practiceId: number,
): Promise<ThreadMessage[]> {
  await findOwnPractice(ctx, actor, practiceId);
  return listThread(ctx.db, practiceId, 'applicant');
}

/**
 * 422 naming each document type the question asks for (`requested_documents.<type>`) of which the
 * request has no document uploaded since it was asked: attached to the reply, or added on the
 * documents page while the request waited. The office asked for it; a reply without it would only
 * be asked again.
 */
async function requireRequestedDocuments(ctx: AppContext, practice: Parameters<typeof pendingQuestionOf>[1]) {
  const question = await pendingQuestionOf(ctx.db, practice);
  if (!question || question.requested_documents.length === 0) return;
  const brought = documentTypesSince(await listDocumentsOfPractice(ctx.db, practice.id), question.asked_at);
  const missing = missingRequestedDocuments(question.requested_documents, brought);
  if (missing.length === 0) return;
  throw new AppError('VALIDATION_FAILED', {
    errors: Object.fromEntries(
      missing.map((type) => [requestedDocumentField(type), ['requestedDocumentMissing']]),
    ),
  });
}

/**
 * POST /practices/{id}/reply: the `reply` move (back to evaluation) with the applicant's message
 * and the documents they uploaded to the request while it waited for them: each document type the
 * question asks for uploaded since it was asked. Once per `Idempotency-Key`: a retry of a reply
 * whose answer was lost gets the first answer, where the request no longer waiting refused it (409).
 */
export async function replyToQuestion(
  ctx: AppContext,
  actor: SessionUser,
  { practiceId, input, idempotencyKey }: { practiceId: number; input: ReplyBody; idempotencyKey?: string },
): Promise<{ practice: Practice; notice: WorkspaceNoticeKey }> {
  const practice = await findOwnPractice(ctx, actor, practiceId);
  await requireRequestedDocuments(ctx, practice);
  const move = {
    practiceId,
    action: 'reply',
    actor,
    message: input.message,
    documentIds: input.document_ids,
  } as const;
  const once = { key: idempotencyKey, scope: 'practice.reply', body: { practice_id: practiceId, ...input } };
  const result = await transition(ctx, move, once);
  return { practice: await getPractice(ctx, actor, practiceId), notice: result.notice ?? 'messageSent' };
}
