import {
  assessmentSchema,
  assignBodySchema,
  assignedNotice,
  fileCheckBodySchema,
  messageApplicantsBodySchema,
  noteBodySchema,
  noticeEnvelope,
  staffPracticeSchema,
  transitionBodySchema,
  verificationBodySchema,
  type WorkspaceNoticeKey,
} from '@lisbon/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import {
  bearerSecurity as security,
  errorsOf,
  idParamsSchema as params,
} from '../../platform/http/route-schemas';
import { idempotencyHeadersSchema, idempotencyKeyOf } from '../../platform/http/idempotency';
import { actorOf, type AuthGuard } from '../sessions/guard';
import { transition } from '../transitions/service';
import { assignPractices } from './assignment.service';
import { messageApplicants } from './broadcast.service';
import { addNote, concludeFileCheck, updateAssessment, updateVerification } from './changes.service';
import { noticeMeta } from '../transitions/notice';
import { getStaffPractice } from './workspace.service';

const tags = ['staff'];
const workspace = noticeEnvelope(staffPracticeSchema);
const CHANGE =
  'Answers the updated workspace and, in `meta`, the success message. 403 FORBIDDEN_ACCESS unless this staff member may make the change (the domain’s STAFF_CHANGE_RULES); 409 TRANSITION_NOT_ALLOWED in a status where it is not possible; 409 PRACTICE_CHANGED when the request moved meanwhile. Written to the audit trail.';

/** The staff workspace, write side: moves of the transition table and the staff changes. */
export const staffChangesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guard: AuthGuard }> = async (
  app,
  { ctx, guard },
) => {
  const onRequest = guard.ability('staff.workspace');
  const answer = async (request: FastifyRequest, id: number, notice: WorkspaceNoticeKey) => ({
    data: await getStaffPractice(ctx, actorOf(request), id),
    meta: noticeMeta(request, notice),
  });

  app.post(
    '/staff/practices/:id/transitions',
    {
      onRequest,
      schema: {
        summary: 'Fire one move of the transition table on a request',
        description:
          '409 TRANSITION_NOT_ALLOWED when the table has no such move from the request’s status, or for its appeal’s type (`issue_appeal` for an appeal only, `issue_amendment` for an amendment only); 403 FORBIDDEN_ACCESS when this staff member may not fire it (ability, assignee or reviewer); 409 PUBLICATION_NOT_AVAILABLE / APPEAL_NOT_AVAILABLE for moves another flow owns; 409 STATEMENT_WITHDRAWN for `issue_appeal` / `issue_amendment` once the statement is withdrawn (decision 097), NO_STATEMENT_IN_FORCE when the request has no published statement to attach to or amend; 422 when the move’s reason, note, message or assignment is missing, or (send_in_review) the assessment is incomplete; 409 PRACTICE_CHANGED when someone else moved it first or `expected_status` is stale. The move, its audit entry, its thread message and the applicant’s mail are one transaction. With an `Idempotency-Key`, a retry of the same move within 24 hours moves and sends nothing again and answers as the first did, with the request as it is now (not 409); the same key with another body is 422 IDEMPOTENCY_KEY_REUSED.',
        tags,
        security,
        headers: idempotencyHeadersSchema,
        params,
        body: transitionBodySchema,
        response: { 200: workspace, ...errorsOf(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { body } = request;
      const input = {
        practiceId: request.params.id,
        action: body.action,
        actor: actorOf(request),
        note: body.note,
        reason: body.reason,
        message: body.message,
        requestedDocuments: body.requested_documents,
        assignment: { evaluatorId: body.evaluator_id, reviewerId: body.reviewer_id },
        expectedStatus: body.expected_status,
      };
      const result = await transition(ctx, input, {
        key: idempotencyKeyOf(request),
        scope: 'staff.transition',
        body: { practice_id: request.params.id, ...body },
      });
      return answer(request, result.practiceId, result.notice ?? 'practiceUpdated');
    },
  );

  app.post(
    '/staff/practices/assign',
    {
      onRequest: guard.ability('staff.assign'),
      schema: {
        summary: 'Assign several requests to an evaluator and a (different) reviewer',
        description:
          'All or none: each request goes through the `assign` move (unassigned or assigned → assigned). 409 TRANSITION_NOT_ALLOWED if one of them is in another status; 422 on `evaluator_id` / `reviewer_id` for someone who may not evaluate or review. With an `Idempotency-Key`, a retry of the same assignment within 24 hours writes nothing again (no second audit entry) and answers as the first did; the same key with another body is 422 IDEMPOTENCY_KEY_REUSED.',
        tags,
        security,
        headers: idempotencyHeadersSchema,
        body: assignBodySchema,
        response: {
          200: noticeEnvelope(z.object({ practice_ids: z.array(z.number().int()) })),
          ...errorsOf(401, 403, 404, 409, 422),
        },
      },
    },
    async (request) => {
      const data = await assignPractices(ctx, actorOf(request), request.body, idempotencyKeyOf(request));
      // "Request assigned" for one, "Requests assigned" for several.
      return { data, meta: noticeMeta(request, assignedNotice(data.practice_ids.length)) };
    },
  );

  app.post(
    '/staff/practices/messages',
    {
      onRequest: guard.ability('staff.broadcast'),
      schema: {
        summary: 'Send one message to the applicants of several requests (a closure announced, say)',
        description:
          'Secretaries and administrators (ability staff.broadcast). All or none: the message goes to each request’s thread, from the office, and to each applicant by mail in their language; it asks nothing of a request waiting for its applicant. 404 when one of the requests is not submitted. With an `Idempotency-Key`, a retry of the same send within 24 hours sends nothing again and answers as the first did; the same key with another body is 422 IDEMPOTENCY_KEY_REUSED.',
        tags,
        security,
        headers: idempotencyHeadersSchema,
        body: messageApplicantsBodySchema,
        response: {
          200: noticeEnvelope(z.object({ practice_ids: z.array(z.number().int()) })),
          ...errorsOf(401, 403, 404, 422),
        },
      },
    },
    async (request) => ({
      data: await messageApplicants(ctx, actorOf(request), request.body, idempotencyKeyOf(request)),
      meta: noticeMeta(request, 'messageSent'),
    }),
  );

  app.post(
    '/staff/practices/:id/file-check',
    {
      onRequest,
      schema: {
        summary: 'Conclude the file check: the file is complete and readable',
        description: CHANGE,
        tags,
        security,
        params,
        body: fileCheckBodySchema,
        response: { 200: workspace, ...errorsOf(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      await concludeFileCheck(ctx, actorOf(request), request.params.id, request.body);
      return answer(request, request.params.id, 'fileCheckConcluded');
    },
  );

  app.put(
    '/staff/practices/:id/verification',
    {
      onRequest,
      schema: {
        summary: 'Record the outcome of verifying the qualification with its issuer',
        description: CHANGE,
        tags,
        security,
        params,
        body: verificationBodySchema,
        response: { 200: workspace, ...errorsOf(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      await updateVerification(ctx, actorOf(request), request.params.id, request.body);
      return answer(request, request.params.id, 'verificationUpdated');
    },
  );

  app.put(
    '/staff/practices/:id/assessment',
    {
      onRequest,
      schema: {
        summary: 'Save the assessment: the certificate fields of spec §3',
        description: `Fields sent replace the saved ones (null or "" empties one); fields left out stay. ${CHANGE}`,
        tags,
        security,
        params,
        body: assessmentSchema,
        response: { 200: workspace, ...errorsOf(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      await updateAssessment(ctx, actorOf(request), request.params.id, request.body);
      return answer(request, request.params.id, 'assessmentUpdated');
    },
  );

  app.post(
    '/staff/practices/:id/notes',
    {
      onRequest,
      schema: {
        summary: 'Add an internal note (never shown to the applicant)',
        description: `${CHANGE} With an \`Idempotency-Key\`, a retry of the same note within 24 hours adds nothing again and answers as the first did; the same key with another body is 422 IDEMPOTENCY_KEY_REUSED.`,
        tags,
        security,
        headers: idempotencyHeadersSchema,
        params,
        body: noteBodySchema,
        response: { 200: workspace, ...errorsOf(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { params, body } = request;
      await addNote(ctx, actorOf(request), {
        practiceId: params.id,
        input: body,
        idempotencyKey: idempotencyKeyOf(request),
      });
      return answer(request, request.params.id, 'noteAdded');
    },
  );
};
