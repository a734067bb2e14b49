import {
  auditPageQuerySchema,
  auditPageSchema,
  dashboardQuerySchema,
  dashboardSchema,
  dataEnvelope,
  listEnvelope,
  queueCountsSchema,
  staffPracticeSchema,
  staffPracticesQuerySchema,
  staffPracticeSummarySchema,
  staffSearchQuerySchema,
  staffSearchResultSchema,
  staffUserSchema,
  staffUsersQuerySchema,
  decimalInteger,
} from '@lisbon/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import {
  bearerSecurity as security,
  errorsOf,
  idParamsSchema as params,
} from '../../platform/http/route-schemas';
import { sendPrivateFile } from '../../platform/http/download';
import { actorOf, type AuthGuard } from '../sessions/guard';
import { listStaffUsers } from './assignment.service';
import { listStaffPractices, queueCounts } from './queues.service';
import { getDashboard } from './dashboard.service';
import { searchPractices } from './search.service';
import { getStaffHistory, getStaffPractice, openStaffDocument } from './workspace.service';

const tags = ['staff'];
const STAFF_ONLY =
  'Staff only (ability staff.workspace): 403 FORBIDDEN_ACCESS for anyone else, 403 TWO_FACTOR_REQUIRED for staff without two-factor authentication.';

/** The staff workspace, read side: queues, the request workspace, staff for the assign dialog. */
export const staffRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guard: AuthGuard }> = async (
  app,
  { ctx, guard },
) => {
  const onRequest = guard.ability('staff.workspace');

  app.get(
    '/staff/queues/counts',
    {
      onRequest,
      schema: {
        summary: 'How many requests each staff queue holds for the caller (the navigation counts)',
        description: `\`assigned\`: the caller's requests as evaluator, not archived; \`to_review\`: theirs as reviewer, in review or reviewed. ${STAFF_ONLY}`,
        tags,
        security,
        response: { 200: dataEnvelope(queueCountsSchema), ...errorsOf(401, 403) },
      },
    },
    async (request) => ({ data: await queueCounts(ctx, actorOf(request)) }),
  );

  app.get(
    '/staff/practices',
    {
      onRequest,
      schema: {
        summary: 'One staff queue of requests, filtered, sorted (spec §9) and paginated',
        description: `Default queue \`all\` (every submitted request), default sort \`expected_deadline\`; \`name\` sorts by the applicant's name. ${STAFF_ONLY}`,
        tags,
        security,
        querystring: staffPracticesQuerySchema,
        response: { 200: listEnvelope(staffPracticeSummarySchema), ...errorsOf(401, 403, 422) },
      },
    },
    async (request) => listStaffPractices(ctx, actorOf(request), request.query),
  );

  app.get(
    '/staff/search',
    {
      onRequest,
      schema: {
        summary:
          'Find requests as one types: by number, applicant, email, tax ID, qualification, institution, country',
        description: `From 2 characters (spec §9). The request whose number the query is comes first, then the newest requests of an applicant the query names exactly (surname, or full name in either order), then the newest requests whose words begin with every word of the query, in any order, accents and case ignored (decision 069). ${STAFF_ONLY}`,
        tags,
        security,
        querystring: staffSearchQuerySchema,
        response: { 200: dataEnvelope(z.array(staffSearchResultSchema)), ...errorsOf(401, 403, 422) },
      },
    },
    async (request) => ({ data: await searchPractices(ctx, actorOf(request), request.query) }),
  );

  app.get(
    '/staff/dashboard',
    {
      onRequest: guard.ability('staff.dashboard'),
      schema: {
        summary:
          'The dashboard: backlog and deadlines now; publications, time to publish, people, appeals of a period',
        description:
          'Secretaries and administrators (ability staff.dashboard, two factors on). `from` and `to` are days of the body (Europe/Rome), both included; default the last 12 weeks. The period’s figures are read from the audit trail (decision 071). `refunds_failed`, for those who may refund (payments.refund): the refunds the provider refused, to give back by hand, none marked as given back (`POST /staff/refunds/{id}/given-back-by-hand`; decision 068).',
        tags,
        security,
        querystring: dashboardQuerySchema,
        response: { 200: dataEnvelope(dashboardSchema), ...errorsOf(401, 403, 422) },
      },
    },
    async (request) => ({ data: await getDashboard(ctx, actorOf(request), request.query) }),
  );

  app.get(
    '/staff/practices/:id',
    {
      onRequest,
      schema: {
        summary: 'The request workspace: request, applicant, audit trail, thread, notes, evaluation, actions',
        description: `\`available_actions\` and \`allowed_changes\` are what this staff member may do now. ${STAFF_ONLY}`,
        tags,
        security,
        params,
        response: { 200: dataEnvelope(staffPracticeSchema), ...errorsOf(401, 403, 404, 422) },
      },
    },
    async (request) => ({ data: await getStaffPractice(ctx, actorOf(request), request.params.id) }),
  );

  app.get(
    '/staff/practices/:id/history',
    {
      onRequest,
      schema: {
        summary: 'A page of the audit trail of a request, oldest first: the newest, or those before an entry',
        description: `The workspace carries the newest page (\`history\`, \`has_older_history\`); \`before\` is the id of the oldest entry shown, and \`has_older\` says whether older ones remain. 422 on \`before\` when the request has no such entry. ${STAFF_ONLY}`,
        tags,
        security,
        params,
        querystring: auditPageQuerySchema,
        response: { 200: dataEnvelope(auditPageSchema), ...errorsOf(401, 403, 404, 422) },
      },
    },
    async (request) => ({
      data: await getStaffHistory(ctx, actorOf(request), {
        practiceId: request.params.id,
        query: request.query,
      }),
    }),
  );

  app.get(
    '/staff/practices/:id/documents/:documentId/download',
    {
      onRequest,
      schema: {
        summary: 'Download a document of a request (staff), to show inline or save',
        tags,
        security,
        params: params.extend({ documentId: decimalInteger(z.number().int().positive()) }),
        produces: ['application/pdf', 'image/jpeg', 'image/png'],
        response: {
          200: z.any().meta({ type: 'string', format: 'binary', description: 'The file' }),
          ...errorsOf(401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const { id, documentId } = request.params;
      const { content, document } = await openStaffDocument(ctx, actorOf(request), {
        practiceId: id,
        documentId,
      });
      return sendPrivateFile(reply, {
        content,
        size: document.size,
        fileName: document.file_name,
        contentType: document.content_type,
      });
    },
  );

  app.get(
    '/staff/users',
    {
      onRequest,
      schema: {
        summary: 'Active staff who may evaluate (`role=evaluator`) or review (`role=reviewer`), by ability',
        description: STAFF_ONLY,
        tags,
        security,
        querystring: staffUsersQuerySchema,
        response: { 200: dataEnvelope(z.array(staffUserSchema)), ...errorsOf(401, 403, 422) },
      },
    },
    async (request) => ({ data: await listStaffUsers(ctx, actorOf(request), request.query.role) }),
  );
};
