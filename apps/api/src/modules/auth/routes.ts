import {
  dataEnvelope,
  loginSchema,
  logoutEverywhereSchema,
  logoutSchema,
  refreshSchema,
  sessionSchema,
  userSchema,
} from '@lisbon/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticated } from '../sessions/guard';
import { metaOf, metaWithLocaleOf, type AuthRoutesOptions } from './http';
import { bearerSecurity as bearer, errorsOf } from '../../platform/http/route-schemas';
import { logoutEverywhere } from './logout-everywhere.service';
import { login, logout, me, refresh } from './service';

/** The session calls of spec §7: log in, log out (here or everywhere), refresh, the current profile. */
export const sessionRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { ctx, guard }) => {
  app.post(
    '/auth',
    {
      schema: {
        summary: 'Log in with email and password',
        description:
          'Answers a bearer token. Wrong email, wrong password and an account not activated yet all answer 401 INVALID_CREDENTIALS. With two-factor authentication on, `two_factor_required` is true and the token may only call POST/GET /auth/2fa and POST /auth/logout until POST /auth/2fa succeeds. Failures are rate-limited per account and address (429 with Retry-After).',
        tags: ['auth'],
        body: loginSchema,
        response: { 200: dataEnvelope(sessionSchema), ...errorsOf(401, 422, 429) },
      },
    },
    async (request) => ({
      data: await login(ctx, request.body, metaWithLocaleOf(request)),
    }),
  );

  app.post(
    '/auth/logout',
    {
      onRequest: guard.logout,
      // A body that does not validate still ends the session: its route and cause are only recorded.
      attachValidation: true,
      schema: {
        summary: 'End the session, recording the route and the cause',
        description:
          'Also ends an expired session or one still waiting for its second factor. A body that does not validate is ignored: the session ends all the same.',
        tags: ['auth'],
        security: bearer,
        body: z.nullish(logoutSchema),
        response: { 204: z.null().describe('Session ended'), ...errorsOf(401, 422) },
      },
    },
    async (request, reply) => {
      const input = request.validationError ? null : request.body;
      await logout(ctx, authenticated(request), input ?? { cause: 'user' });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/logout-everywhere',
    {
      onRequest: guard.user,
      schema: {
        summary: 'End every session of the account, on every device, and open a new one here',
        description:
          'The current password is asked again: a wrong one answers 422 on `current_password` and counts like a failed login (429 with Retry-After past the limits of POST /auth). Every session of the account ends, the calling one too (its token then answers 401), and so do the wallet offers whose credential is not issued yet (their code, and an access token a wallet was given for one, are refused); share links stay. The answer is a new session for the device that asked, in the login’s shape (`two_factor_required` false): store its token.',
        tags: ['auth'],
        security: bearer,
        body: logoutEverywhereSchema,
        response: { 200: dataEnvelope(sessionSchema), ...errorsOf(401, 422, 429) },
      },
    },
    async (request) => ({
      data: await logoutEverywhere(ctx, authenticated(request), request.body, metaOf(request)),
    }),
  );

  app.post(
    '/auth/refresh',
    {
      onRequest: guard.user,
      schema: {
        summary: 'Extend the session (sliding expiry) and answer its new expiry',
        description: 'Every authenticated call extends the session too; this call only reports it.',
        tags: ['auth'],
        security: bearer,
        response: { 200: dataEnvelope(refreshSchema), ...errorsOf(401) },
      },
    },
    async (request) => ({ data: refresh(authenticated(request)) }),
  );

  app.get(
    '/auth/me',
    {
      onRequest: guard.user,
      schema: {
        summary: 'The current user’s profile with the abilities map',
        tags: ['auth'],
        security: bearer,
        response: { 200: dataEnvelope(userSchema), ...errorsOf(401) },
      },
    },
    async (request) => ({ data: await me(ctx, authenticated(request)) }),
  );
};
