import {
  acknowledgementSchema,
  activateSchema,
  activationSchema,
  checkTokenSchema,
  dataEnvelope,
  deleteAccountSchema,
  emailOnlySchema,
  registerSchemaAt,
  resetPasswordSchema,
  updatePasswordSchema,
} from '@lisbon/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticated } from '../sessions/guard';
import { userIdParamsSchema } from '../users/routes';
import { deleteAccount } from './deletion.service';
import { metaOf, metaWithLocaleOf, notice, type AuthRoutesOptions } from './http';
import { bearerSecurity as bearer, errorsOf } from '../../platform/http/route-schemas';
import { checkLinkToken, forgotPassword, resetPassword, updatePassword } from './password.service';
import { activate, register, resendActivation } from './registration.service';

const acknowledgement = dataEnvelope(acknowledgementSchema);
const SAME_ANSWER = 'The answer is the same whether or not the email belongs to an account.';
const TOKEN_ERRORS = 'An unknown, used or expired token answers 404 TOKEN_NOT_FOUND.';
const ACTIVATION_USED =
  'An activation token already used, of an account that is active, answers 409 ACCOUNT_ALREADY_ACTIVE (until a day after it would have expired), not counted against the address.';
const COMMON = 'A password on the common-password list answers 422 on `password`.';

/** The account's life: register, activate, recover and change the password, delete. */
export const accountRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { ctx, guard }) => {
  const publicPost = <B extends z.core.$ZodType>(
    path: string,
    summary: string,
    description: string,
    body: B,
  ) => ({
    path,
    options: {
      schema: {
        summary,
        description,
        tags: ['auth'],
        body,
        response: { 200: acknowledgement, 202: acknowledgement, ...errorsOf(404, 422, 429) },
      },
    },
  });

  const registration = publicPost(
    '/auth/register',
    'Register (standard, or refugee with `category`); the activation link is mailed',
    `${SAME_ANSWER} A known email receives a mail saying it already has an account. Services are for adults: 18 or older on the API's clock (Rome's day), or 422 on \`birth_date\`.`,
    // The API's clock decides who is 18 (a test's ManualClock, the journeys' moved clock).
    registerSchemaAt(() => ctx.clock.now()),
  );
  app.post(registration.path, registration.options, async (request, reply) => {
    await register(ctx, request.body, metaWithLocaleOf(request));
    return reply.code(202).send(notice(request, 'registered'));
  });

  const activation = publicPost(
    '/auth/activate',
    'Activate the account with the emailed token, setting its password',
    `${TOKEN_ERRORS} ${ACTIVATION_USED} ${COMMON} The answer holds the account's email, for the login form: the token's holder opened the link mailed to it.`,
    activateSchema,
  );
  const { schema } = activation.options;
  app.post(
    activation.path,
    {
      schema: {
        ...schema,
        response: { ...schema.response, ...errorsOf(409), 200: dataEnvelope(activationSchema) },
      },
    },
    async (request) => {
      const { email } = await activate(ctx, request.body, metaOf(request));
      return { data: { ...notice(request, 'accountActivated').data, email } };
    },
  );

  app.post(
    '/auth/check-token',
    {
      schema: {
        summary: 'Check an emailed activation or reset link without using it',
        description: `The link pages call it on opening, so a dead link is told before the password is typed. ${TOKEN_ERRORS} ${ACTIVATION_USED} A wrong token counts against the address like the other token calls (429 with Retry-After).`,
        tags: ['auth'],
        body: checkTokenSchema,
        response: { 204: z.null().describe('The link works'), ...errorsOf(404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      await checkLinkToken(ctx, request.body.token, request.body.purpose, metaOf(request));
      return reply.code(204).send(null);
    },
  );

  const resend = publicPost(
    '/auth/activation/resend',
    'Send a new activation link',
    SAME_ANSWER,
    emailOnlySchema,
  );
  app.post(resend.path, resend.options, async (request, reply) => {
    await resendActivation(ctx, request.body.email, metaOf(request));
    return reply.code(202).send(notice(request, 'activationSent'));
  });

  const forgot = publicPost(
    '/auth/forgot-password',
    'Ask for a link to set a new password',
    SAME_ANSWER,
    emailOnlySchema,
  );
  app.post(forgot.path, forgot.options, async (request, reply) => {
    await forgotPassword(ctx, request.body.email, metaOf(request));
    return reply.code(202).send(notice(request, 'resetLinkSent'));
  });

  const reset = publicPost(
    '/auth/reset-password',
    'Set a new password with the emailed token; every session ends',
    `${TOKEN_ERRORS} The account's other unused reset links stop working, and its wallet offers whose credential is not issued yet end, as at POST /auth/logout-everywhere. ${COMMON}`,
    resetPasswordSchema,
  );
  app.post(reset.path, reset.options, async (request) => {
    await resetPassword(ctx, request.body, metaOf(request));
    return notice(request, 'passwordReset');
  });

  app.post(
    '/auth/update-password',
    {
      onRequest: guard.user,
      schema: {
        summary: 'Change the password; the current one is required; the other sessions end',
        description: `A wrong current password answers 422 on \`current_password\`. Unused reset links of the account stop working (404 TOKEN_NOT_FOUND), and its wallet offers whose credential is not issued yet end, as at POST /auth/logout-everywhere. ${COMMON}`,
        tags: ['auth'],
        security: bearer,
        body: updatePasswordSchema,
        response: { 200: acknowledgement, ...errorsOf(401, 422, 429) },
      },
    },
    async (request) => {
      await updatePassword(ctx, authenticated(request), request.body, metaOf(request));
      return notice(request, 'passwordUpdated');
    },
  );

  app.delete(
    '/users/:id',
    {
      onRequest: guard.user,
      schema: {
        summary: 'Delete the account: personal data erased, sessions ended',
        description:
          'The body repeats the account’s email (422 on `email` when it does not match). The row is kept, anonymised, for the records the law keeps (invoices); the wallet offers whose credential is not issued yet end (their code, and an access token a wallet was given for one, are refused); requests in progress are closed; the draft and the documents that belong to no request are deleted, with their files (an open checkout does not hold this back: a payment settling afterwards is refunded whole). 409 ACCOUNT_PUBLICATION_PENDING while a statement of one of them is being published; 409 PRACTICE_CHANGED when one of them moved meanwhile. A member of staff to whom requests in progress are assigned (as evaluator or reviewer): 409 ACCOUNT_REQUESTS_ASSIGNED, naming how many, until they are reassigned. Another user’s id answers 404.',
        tags: ['users'],
        security: bearer,
        params: userIdParamsSchema,
        body: deleteAccountSchema,
        response: { 204: z.null().describe('Account deleted'), ...errorsOf(401, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      await deleteAccount(ctx, authenticated(request), request.params.id, request.body.email);
      return reply.code(204).send(null);
    },
  );
};
