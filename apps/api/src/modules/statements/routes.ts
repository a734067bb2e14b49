import { dataEnvelope, statementSchema } from '@lisbon/domain';
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
import { getStatement, openStatementPdf } from './service';

const tags = ['statements'];
const statement = dataEnvelope(statementSchema);

/** The applicant's statement of a published request: the certificate display and the signed PDF. */
export const statementsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guard: AuthGuard }> = async (
  app,
  { ctx, guard },
) => {
  const onRequest = guard.ability('practice.apply');

  app.get(
    '/practices/:id/statement',
    {
      onRequest,
      schema: {
        summary: 'The statement of the applicant’s request: certificate fields, transaction hash, verify URL',
        description:
          '200 with `status: published` once the publish job has finished; 202 with `status: pending` while it runs (spec §4: try again later); 200 with `status: withdrawn` and `withdrawn_at` once the body has withdrawn it (decision 097). 404 when the request has no statement, or is not the applicant’s.',
        tags,
        security,
        params,
        response: { 200: statement, 202: statement, ...errorsOf(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const data = await getStatement(ctx, actorOf(request), request.params.id);
      return reply.code(data.status === 'pending' ? 202 : 200).send({ data });
    },
  );

  app.get(
    '/practices/:id/statement/pdf',
    {
      onRequest,
      schema: {
        summary: 'The signed statement PDF (owner only), byte for byte the original the ledger seals',
        description: '409 PUBLICATION_PENDING while the publish job runs.',
        tags,
        security,
        params,
        produces: ['application/pdf'],
        response: {
          200: z.any().meta({ type: 'string', format: 'binary', description: 'The signed PDF' }),
          ...errorsOf(401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const file = await openStatementPdf(ctx, actorOf(request), request.params.id);
      return sendPrivateFile(reply, { ...file, contentType: 'application/pdf' });
    },
  );
};
