import {
  createdShareLinkSchema,
  dataEnvelope,
  shareLinkBodySchema,
  shareLinkParamsSchema,
  shareLinkSchema,
  sharedStatementSchema,
  SHARE_LINKS_ACTIVE_MAX,
  shareTokenParamsSchema,
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
import type { RateRule } from '../../platform/rate-limit/limiter';
import { actorOf, type AuthGuard } from '../sessions/guard';
import {
  createShareLink,
  listShareLinks,
  openSharedPdf,
  openSharedStatement,
  revokeShareLink,
} from './service';

const tags = ['statements'];

/**
 * Per user: a holder shares their statement with a few universities or employers, not thousands.
 * Each link is a row kept for good and listed whole, so without it one applicant's loop stored
 * some 18,000 links an hour (the global limit's 300 a minute) into a list no page could show.
 */
export const SHARE_LINK_RULE: RateRule = { name: 'share-link:user', limit: 20, windowSeconds: 60 * 60 };
const OWNER = '404 when the request has no statement, or is not the applicant’s.';
const GONE =
  '404 for an unknown token; 410 SHARE_LINK_EXPIRED after its last day, 410 SHARE_LINK_REVOKED once its holder took it back.';

/**
 * The applicant's share links to their statement's verification page (decision 024), and what
 * a link opens for anyone who holds it: no login, nothing personal but the masked name.
 */
export const shareLinksRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guard: AuthGuard }> = async (
  app,
  { ctx, guard },
) => {
  const onRequest = guard.ability('practice.apply');

  app.get(
    '/practices/:id/statement/share-links',
    {
      onRequest,
      schema: {
        summary: 'The applicant’s share links to their statement, newest first (without their tokens)',
        description: OWNER,
        tags,
        security,
        params,
        response: { 200: dataEnvelope(z.array(shareLinkSchema)), ...errorsOf(401, 403, 404, 422) },
      },
    },
    async (request) => ({ data: await listShareLinks(ctx, actorOf(request), request.params.id) }),
  );

  app.post(
    '/practices/:id/statement/share-links',
    {
      onRequest,
      schema: {
        summary: 'A new share link to the statement’s verification page, optionally with an expiry date',
        description: `\`expires_on\`: the last day the link works (today at the earliest, within a year), or null for none. The answer's \`url\` carries the token: it is shown this once, only its hash is kept. At most ${SHARE_LINK_RULE.limit} links made per user in an hour (429 RATE_LIMITED; a call refused, or failed on our side before the link was saved, counts none), and ${SHARE_LINKS_ACTIVE_MAX} working at once (neither revoked nor past their last day): one more answers 409 SHARE_LINKS_LIMIT. ${OWNER}`,
        tags,
        security,
        params,
        body: shareLinkBodySchema,
        response: { 201: dataEnvelope(createdShareLinkSchema), ...errorsOf(401, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // Only the links made count: one refused (a date in the past, the working links' cap) or
      // failed on our side before it was saved costs nothing.
      const data = await ctx.limiter.spend(
        [{ rule: SHARE_LINK_RULE, subject: String(actor.id) }],
        (committing) =>
          createShareLink(ctx, actor, {
            practiceId: request.params.id,
            expiresOn: request.body.expires_on ?? null,
            committing,
          }),
      );
      return reply.code(201).send({ data });
    },
  );

  app.delete(
    '/practices/:id/statement/share-links/:linkId',
    {
      onRequest,
      schema: {
        summary: 'Revokes a share link: it stops working at once and stays listed as revoked',
        description: OWNER,
        tags,
        security,
        params: shareLinkParamsSchema,
        response: { 200: dataEnvelope(shareLinkSchema), ...errorsOf(401, 403, 404, 422) },
      },
    },
    async (request) => ({
      data: await revokeShareLink(ctx, actorOf(request), {
        practiceId: request.params.id,
        linkId: request.params.linkId,
      }),
    }),
  );

  app.get(
    '/shared/:token',
    {
      schema: {
        summary: 'What a share link opens: the statement’s verification facts, no login',
        description: `Published or not, the qualification, the publish date, the transaction hash and the holder's name partly masked; nothing else personal. ${GONE}`,
        tags: ['verification'],
        params: shareTokenParamsSchema,
        response: { 200: dataEnvelope(sharedStatementSchema), ...errorsOf(404, 410, 422) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await openSharedStatement(ctx, request.params.token) };
    },
  );

  app.get(
    '/shared/:token/pdf',
    {
      schema: {
        summary: 'The signed statement PDF through a share link, byte for byte the original',
        description: `409 PUBLICATION_PENDING while the statement is not published yet. ${GONE}`,
        tags: ['verification'],
        params: shareTokenParamsSchema,
        produces: ['application/pdf'],
        response: {
          200: z.any().meta({ type: 'string', format: 'binary', description: 'The signed PDF' }),
          ...errorsOf(404, 409, 410, 422),
        },
      },
    },
    async (request, reply) => {
      const file = await openSharedPdf(ctx, request.params.token);
      return sendPrivateFile(reply, { ...file, contentType: 'application/pdf' });
    },
  );
};
