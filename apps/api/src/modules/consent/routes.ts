import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { sendPrivateFile } from '../../platform/http/download';
import { bearerSecurity as security, errorsOf } from '../../platform/http/route-schemas';
import { authenticated, type AuthGuard } from '../sessions/guard';
import { consentForm } from './service';

/** The consent page's form: downloaded, signed by hand, uploaded as a `consent_form` document. */
export const consentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guard: AuthGuard }> = async (
  app,
  { ctx, guard },
) => {
  app.get(
    '/consent/form',
    {
      // A user whose render budget is spent is refused here, before any work (decision 084).
      onRequest: [guard.user, ctx.renderBudget.refuseSpent],
      schema: {
        summary: 'The data-processing consent form as a PDF, with the user’s name, in the account’s language',
        description: 'Sign it and upload it with POST /documents as type `consent_form`.',
        tags: ['consent'],
        security,
        produces: ['application/pdf'],
        response: {
          200: z.any().meta({ type: 'string', format: 'binary', description: 'The PDF' }),
          ...errorsOf(401, 404),
        },
      },
    },
    async (request, reply) => {
      const pdf = await consentForm(ctx, authenticated(request).user);
      // A file like every other the API sends: not sniffed, kept by no cache, opened in a sandbox (decision 058).
      return sendPrivateFile(reply, {
        content: Buffer.from(pdf),
        size: pdf.byteLength,
        fileName: 'consent-form.pdf',
        contentType: 'application/pdf',
      });
    },
  );
};
