import { dataEnvelope, ledgerEntrySchema, txHashParamsSchema } from '@lisbon/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { errorsOf } from '../../platform/http/route-schemas';
import { ledgerEntryView } from './service';

/** The ledger as the public reads it: one entry by its hash. No login. */
export const ledgerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/ledger/:txHash',
    {
      schema: {
        summary: 'One ledger entry by its hash (a statement’s transaction hash, say): ids and hashes only',
        description:
          '`is_intact` says whether the entry’s own hash and signature check; `npm run cli -- ledger:verify` audits the whole chain.',
        tags: ['verification'],
        params: txHashParamsSchema,
        response: { 200: dataEnvelope(ledgerEntrySchema), ...errorsOf(404, 422) },
      },
    },
    async (request) => ({ data: await ledgerEntryView(ctx, request.params.txHash) }),
  );
};
