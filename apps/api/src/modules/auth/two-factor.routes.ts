import {
  dataEnvelope,
  sessionSchema,
  twoFactorCodeSchema,
  twoFactorEnableSchema,
  twoFactorEnabledSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@lisbon/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticated } from '../sessions/guard';
import { metaOf, metaWithLocaleOf, type AuthRoutesOptions } from './http';
import { bearerSecurity as bearer, errorsOf } from '../../platform/http/route-schemas';
import {
  disableTwoFactorAuth,
  enableTwoFactorAuth,
  setUpTwoFactor,
  twoFactorStatus,
  verifySecondFactor,
} from './two-factor.service';

const WRONG_CODE = 'A wrong code answers 422 on `code`; repeated wrong codes answer 429 with Retry-After.';

/** Two-factor authentication (TOTP, RFC 6238, with one-time recovery codes). */
export const twoFactorRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { ctx, guard }) => {
  app.get(
    '/auth/2fa',
    {
      onRequest: guard.secondFactorStep,
      schema: {
        summary: 'Whether two factors are on, and whether this session has passed the second one',
        tags: ['auth'],
        security: bearer,
        response: { 200: dataEnvelope(twoFactorStatusSchema), ...errorsOf(401) },
      },
    },
    async (request) => ({ data: twoFactorStatus(authenticated(request)) }),
  );

  app.post(
    '/auth/2fa',
    {
      onRequest: guard.secondFactorStep,
      schema: {
        summary: 'Second step of a login: a TOTP code or a one-time recovery code',
        description: `Ends the session limited to this step and answers a new bearer token, as POST /auth does (\`two_factor_required\` false): store it; the token of the first step no longer works. 409 when the account has no second factor or this session passed it already. ${WRONG_CODE}`,
        tags: ['auth'],
        security: bearer,
        body: twoFactorCodeSchema,
        response: { 200: dataEnvelope(sessionSchema), ...errorsOf(401, 409, 422, 429) },
      },
    },
    async (request) => ({
      data: await verifySecondFactor(
        ctx,
        authenticated(request),
        request.body.code,
        metaWithLocaleOf(request),
      ),
    }),
  );

  app.post(
    '/auth/2fa/setup',
    {
      // Each call draws a new QR code: a render, under the user's render budget (decision 084).
      onRequest: [guard.user, ctx.renderBudget.refuseSpent],
      schema: {
        summary: 'Start turning two factors on: a new secret, its otpauth URL and QR code',
        description: 'The secret stays pending until POST /auth/2fa/enable confirms it. 409 when already on.',
        tags: ['auth'],
        security: bearer,
        response: { 200: dataEnvelope(twoFactorSetupSchema), ...errorsOf(401, 409, 429) },
      },
    },
    async (request) => ({ data: await setUpTwoFactor(ctx, authenticated(request)) }),
  );

  app.post(
    '/auth/2fa/enable',
    {
      onRequest: guard.user,
      schema: {
        summary: 'Turn two factors on with the current password and a code from the pending secret',
        description: `Answers ten one-time recovery codes, shown only this once, and a new session in the login’s shape (\`access_token\`, \`expires_at\`, \`user_id\`, \`two_factor_required\` false): every session of the account ends, the calling one too (its token then answers 401), so a token from before two factors were on never becomes a staff login. Unused reset links of the account stop working, and its wallet offers whose credential is not issued yet end, as at POST /auth/logout-everywhere. 409 when two factors are on already, a call made at the same time included (it changes nothing: the recovery codes and session of the first are the ones in force). A wrong current password answers 422 on \`current_password\` and counts like a failed login. ${WRONG_CODE}`,
        tags: ['auth'],
        security: bearer,
        body: twoFactorEnableSchema,
        response: { 200: dataEnvelope(twoFactorEnabledSchema), ...errorsOf(401, 409, 422, 429) },
      },
    },
    async (request) => ({
      data: await enableTwoFactorAuth(ctx, authenticated(request), request.body, metaOf(request)),
    }),
  );

  app.post(
    '/auth/2fa/disable',
    {
      onRequest: guard.user,
      schema: {
        summary: 'Turn two factors off with a current code or a recovery code',
        description: `Other sessions end, and the account's wallet offers whose credential is not issued yet, as at POST /auth/logout-everywhere. ${WRONG_CODE}`,
        tags: ['auth'],
        security: bearer,
        body: twoFactorCodeSchema,
        response: { 200: dataEnvelope(twoFactorStatusSchema), ...errorsOf(401, 409, 422, 429) },
      },
    },
    async (request) => ({
      data: await disableTwoFactorAuth(ctx, authenticated(request), request.body.code, metaOf(request)),
    }),
  );
};
