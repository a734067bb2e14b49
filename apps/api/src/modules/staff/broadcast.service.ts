import type { MessageApplicantsBody } from '@lisbon/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import { runOnce } from '../../platform/http/idempotency';
import { addThreadMessage } from '../messages/thread';
import type { SessionUser } from '../sessions/service';
import { queueApplicantMail } from '../mails/service';
import { findMessageTargets } from './broadcast.repository';

const answer = z.object({ practice_ids: z.array(z.number().int()) });

/**
 * POST /staff/practices/messages (decision 071): one message, from the office, to the applicants
 * of several requests (a closure announced, a document every one of them must send): in each
 * request's thread and in each applicant's mailbox, in their language. All or none: 404 when one
 * of the requests is not a submitted one. Once per `Idempotency-Key`: a retry of a send whose
 * answer was lost gets that answer, and nobody gets the message twice.
 */
export async function messageApplicants(
  ctx: AppContext,
  actor: SessionUser,
  input: MessageApplicantsBody,
  idempotencyKey?: string,
): Promise<{ practice_ids: number[] }> {
  if (!actor.abilities['staff.broadcast']) throw new AppError('FORBIDDEN_ACCESS');
  const ids = [...new Set(input.practice_ids)];
  const at = ctx.clock.now().toISOString();
  const once = { userId: actor.id, key: idempotencyKey, scope: 'staff.broadcast', body: input, answer };
  return runOnce(ctx, once, async (trx) => {
    const targets = await findMessageTargets(trx, ids);
    if (targets.length !== ids.length) throw new AppError('NOT_FOUND');
    for (const target of targets) {
      await addThreadMessage(trx, {
        practiceId: target.id,
        ownerId: target.user_id,
        authorId: actor.id,
        side: 'staff',
        body: input.message,
        kind: 'broadcast',
        at,
      });
      await queueApplicantMail(ctx, trx, 'office-message', {
        userId: target.user_id,
        practiceId: target.id,
        text: input.message,
      });
    }
    return { practice_ids: ids };
  });
}
