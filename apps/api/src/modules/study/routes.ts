import {
  dataEnvelope,
  STUDY_ENTRIES_MAX,
  studyEntryInputSchema,
  studyEntrySchema,
  studyEntryUpdateSchema,
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
import { actorOf, type AuthGuard } from '../sessions/guard';
import { addStudyEntry, changeStudyEntry, listStudyEntries, removeStudyEntry } from './service';

const entryParams = params.extend({ entryId: decimalInteger(z.number().int().positive()) });
const tags = ['study'];
const OWNER_ONLY = 'The session’s own user only; any other id answers 404.';

/** "My study path": the applicant's educational history, reused by the request wizard. */
export const studyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guard: AuthGuard }> = async (
  app,
  { ctx, guard },
) => {
  const onRequest = guard.user;
  const base = '/users/:id/user-qualification';

  app.get(
    base,
    {
      onRequest,
      schema: {
        summary: 'The user’s educational history (My study path)',
        description: OWNER_ONLY,
        tags,
        security,
        params,
        response: { 200: dataEnvelope(z.array(studyEntrySchema)), ...errorsOf(401, 404, 422) },
      },
    },
    async (request) => ({ data: await listStudyEntries(ctx, actorOf(request), request.params.id) }),
  );

  app.post(
    base,
    {
      onRequest,
      schema: {
        summary: 'Add a qualification to the educational history',
        description: `${OWNER_ONLY} At most ${STUDY_ENTRIES_MAX} qualifications: one more answers 409 STUDY_ENTRIES_LIMIT (delete one to make room).`,
        tags,
        security,
        params,
        body: studyEntryInputSchema,
        response: { 201: dataEnvelope(studyEntrySchema), ...errorsOf(401, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await addStudyEntry(ctx, actorOf(request), request.params.id, request.body) }),
  );

  app.patch(
    `${base}/:entryId`,
    {
      onRequest,
      schema: {
        summary: 'Change a qualification of the educational history',
        description: OWNER_ONLY,
        tags,
        security,
        params: entryParams,
        body: studyEntryUpdateSchema,
        response: { 200: dataEnvelope(studyEntrySchema), ...errorsOf(401, 404, 422) },
      },
    },
    async (request) => ({
      data: await changeStudyEntry(ctx, actorOf(request), {
        userId: request.params.id,
        id: request.params.entryId,
        input: request.body,
      }),
    }),
  );

  app.delete(
    `${base}/:entryId`,
    {
      onRequest,
      schema: {
        summary: 'Remove a qualification from the educational history',
        description: OWNER_ONLY,
        tags,
        security,
        params: entryParams,
        response: { 204: z.null().describe('Entry removed'), ...errorsOf(401, 404, 422) },
      },
    },
    async (request, reply) => {
      await removeStudyEntry(ctx, actorOf(request), request.params.id, request.params.entryId);
      return reply.code(204).send(null);
    },
  );
};
