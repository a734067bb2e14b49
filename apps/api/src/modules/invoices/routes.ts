import { dataEnvelope, fiscalDocumentSchema, invoicesQuerySchema, listEnvelope } from '@lisbon/domain';
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
import { getFiscalDocument, listFiscalDocuments, openFiscalDocumentPdf } from './service';

const tags = ['invoices'];

/** Invoices and receipts of the logged-in user (spec §2 `/account`, `/account/invoices/{id}`). */
export const invoicesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guard: AuthGuard }> = async (
  app,
  { ctx, guard },
) => {
  const onRequest = guard.user;

  app.get(
    '/invoices',
    {
      onRequest,
      schema: {
        summary: 'The user’s invoices and receipts, one of each per payment',
        description: '`kind=invoice|receipt` filters; default sort `-created_at` (date of issue).',
        tags,
        security,
        querystring: invoicesQuerySchema,
        response: { 200: listEnvelope(fiscalDocumentSchema), ...errorsOf(401, 422) },
      },
    },
    async (request) => listFiscalDocuments(ctx, actorOf(request), request.query),
  );

  app.get(
    '/invoices/:id',
    {
      onRequest,
      schema: {
        summary: 'An invoice or receipt (owner only; anyone else’s answers 404)',
        tags,
        security,
        params,
        response: { 200: dataEnvelope(fiscalDocumentSchema), ...errorsOf(401, 404, 422) },
      },
    },
    async (request) => ({ data: await getFiscalDocument(ctx, actorOf(request), request.params.id) }),
  );

  app.get(
    '/invoices/:id/pdf',
    {
      onRequest,
      schema: {
        summary: 'The PDF of an invoice or receipt (owner only), as an attachment',
        description: 'Rendered on demand when the rendering job has not run yet.',
        tags,
        security,
        params,
        produces: ['application/pdf'],
        response: {
          200: z.any().meta({ type: 'string', format: 'binary', description: 'The PDF' }),
          ...errorsOf(401, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const file = await openFiscalDocumentPdf(ctx, actorOf(request), request.params.id);
      return sendPrivateFile(reply, { ...file, contentType: 'application/pdf' });
    },
  );
};
