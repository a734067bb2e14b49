import {
  appealDeadline,
  deadlineFrom,
  canRequestAppeal,
  isAppealOpen,
  isAppealWindowOpen,
  statusLabel,
  type Appeal,
  type AppealOverview,
  type CreateAppeal,
  type PracticeStatus,
  WORKSPACE_NOTICE_KEYS,
  type WorkspaceNoticeKey,
} from '@lisbon/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/errors';
import { AppError } from '../../platform/errors';
import { runOnce } from '../../platform/http/idempotency';
import { findOwnPractice, type OwnedPractice } from '../practice-records/access.service';
import type { SessionUser } from '../sessions/service';
import { transitionWithin } from '../transitions/service';
import { bodyToday, workingCalendar } from '../reference/calendar.service';
import { findAppealRow, insertAppealRow, setAppealDeadline, type AppealRow } from './repository';
import { appealStatementOf, openAppealStatementPdf } from './statement.service';

const documentIdsOf = (json: string): number[] => {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === 'number') : [];
};

async function toAppeal(db: Db, row: AppealRow, status: PracticeStatus): Promise<Appeal> {
  return {
    id: row.id,
    practice_id: row.practice_id,
    type: row.type === 'amendment' ? 'amendment' : 'appeal',
    motivation: row.motivation,
    document_ids: documentIdsOf(row.document_ids),
    created_at: row.created_at,
    is_open: isAppealOpen(status),
    statement: await appealStatementOf(db, row.practice_id),
  };
}

/** The appeal of a request as anyone who may reach the request sees it; null when it has none. */
export async function appealOfPractice(
  db: Db,
  practiceId: number,
  status: PracticeStatus,
): Promise<Appeal | null> {
  const row = await findAppealRow(db, practiceId);
  return row ? toAppeal(db, row, status) : null;
}

function overviewOf(ctx: AppContext, practice: OwnedPractice, appeal: Appeal | null): AppealOverview {
  const publishedAt = practice.row.published_at;
  return {
    practice_id: practice.id,
    status: practice.status,
    published_at: publishedAt,
    deadline: publishedAt ? appealDeadline(publishedAt).toISOString() : null,
    statement_withdrawn_at: practice.row.statement_withdrawn_at,
    can_request:
      appeal === null &&
      canRequestAppeal(
        {
          status: practice.status,
          published_at: publishedAt,
          statement_withdrawn_at: practice.row.statement_withdrawn_at,
        },
        ctx.clock.now(),
      ),
    appeal,
  };
}

/** GET /practices/{id}/appeal: the window (until when), whether one may be asked now, the appeal. */
export async function getAppealOverview(
  ctx: AppContext,
  actor: SessionUser,
  practiceId: number,
): Promise<AppealOverview> {
  const practice = await findOwnPractice(ctx, actor, practiceId);
  return overviewOf(ctx, practice, await appealOfPractice(ctx.db, practice.id, practice.status));
}

/**
 * POST /practices/{id}/appeal: the `request_appeal` move with the motivation as the thread's
 * message and the documents attached, in one transaction with the appeal's row. 409
 * APPEAL_ALREADY_OPEN when the request has had one (open or closed), APPEAL_WINDOW_CLOSED seven days after
 * `published_at` (Europe/Rome, to the second), TRANSITION_NOT_ALLOWED before publication. The
 * request's deadline becomes the appeal's: counted from today by the request's rule (decision 108).
 * Once per `Idempotency-Key`: a retry whose answer was lost gets the first answer, not 409
 * APPEAL_ALREADY_OPEN.
 */
export async function createAppeal(
  ctx: AppContext,
  actor: SessionUser,
  { practiceId, input, idempotencyKey }: { practiceId: number; input: CreateAppeal; idempotencyKey?: string },
): Promise<{ overview: AppealOverview; notice: WorkspaceNoticeKey }> {
  const calendar = await workingCalendar(ctx);
  const once = {
    userId: actor.id,
    key: idempotencyKey,
    scope: 'practice.appeal',
    body: { practice_id: practiceId, ...input },
    answer: z.enum(WORKSPACE_NOTICE_KEYS),
  };
  const notice = await runOnce(ctx, once, async (trx) => {
    const practice = await findOwnPractice(ctx, actor, practiceId, trx);
    if (await findAppealRow(trx, practice.id)) throw new AppError('APPEAL_ALREADY_OPEN');
    if (practice.status !== 'published') {
      throw new AppError('TRANSITION_NOT_ALLOWED', {
        params: { action: 'request_appeal', status_label: statusLabel(practice.status) },
      });
    }
    if (practice.row.statement_withdrawn_at !== null) throw new AppError('STATEMENT_WITHDRAWN');
    if (!isAppealWindowOpen(practice.row.published_at, ctx.clock.now())) {
      throw new AppError('APPEAL_WINDOW_CLOSED');
    }
    try {
      await insertAppealRow(trx, {
        practiceId: practice.id,
        userId: actor.id,
        type: input.type,
        motivation: input.motivation,
        documentIds: [...new Set(input.document_ids)],
        at: ctx.clock.now().toISOString(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('APPEAL_ALREADY_OPEN');
      throw error;
    }
    const result = await transitionWithin(ctx, trx, {
      practiceId: practice.id,
      action: 'request_appeal',
      actor,
      message: input.motivation,
      documentIds: input.document_ids,
      expectedStatus: 'published',
      via: 'appeal_request',
    });
    await setAppealDeadline(trx, {
      practiceId: practice.id,
      status: result.to,
      deadline: deadlineFrom(bodyToday(ctx), practice.row.is_urgent === 1, calendar),
    });
    return result.notice ?? 'appealCreated';
  });
  return { overview: await getAppealOverview(ctx, actor, practiceId), notice };
}

/** GET /practices/{id}/appeal/statement/pdf: the owner's statement of appeal or amended statement. */
export async function openOwnAppealStatement(ctx: AppContext, actor: SessionUser, practiceId: number) {
  const practice = await findOwnPractice(ctx, actor, practiceId);
  return openAppealStatementPdf(ctx, practice.id);
}
