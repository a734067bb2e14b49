import type { Practice, ReplyBody, ThreadMessage, WorkspaceNoticeKey } from '@lisbon/domain';
import type { AppContext } from '../../context';
import { listThread } from '../messages/thread';
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
 * POST /practices/{id}/reply: the `reply` move (back to evaluation) with the applicant's message
 * and the documents they uploaded to the request while it waited for them.
 */
export async function replyToQuestion(
  ctx: AppContext,
  actor: SessionUser,
  practiceId: number,
  input: ReplyBody,
): Promise<{ practice: Practice; notice: WorkspaceNoticeKey }> {
  await findOwnPractice(ctx, actor, practiceId);
  const result = await transition(ctx, {
    practiceId,
    action: 'reply',
    actor,
    message: input.message,
    documentIds: input.document_ids,
  });
  return { practice: await getPractice(ctx, actor, practiceId), notice: result.notice ?? 'messageSent' };
}
