import {
  dataEnvelope,
  errorBodySchema,
  profileUpdateSchema,
  userSchema,
  userUpdateSchemaAt,
  decimalInteger,
} from '@lisbon/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { authenticated, type AuthGuard } from '../sessions/guard';
import { getUser, updateProfile, updateUser } from './service';

export type UsersRoutesOptions = { ctx: AppContext; guard: AuthGuard };

export const userIdParamsSchema = z.object({ id: decimalInteger(z.number().int().positive()) });

const errors = { 401: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema };
const security = [{ bearerAuth: [] }];

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { ctx, guard }) => {
  app.get(
    '/users/:id',
    {
      onRequest: guard.user,
      schema: {
        summary: 'A user: only the session’s own user; any other id answers 404',
        tags: ['users'],
        security,
        params: userIdParamsSchema,
        response: { 200: dataEnvelope(userSchema), ...errors },
      },
    },
    async (request) => ({ data: await getUser(ctx, authenticated(request).user, request.params.id) }),
  );

  app.patch(
    '/users/:id',
    {
      onRequest: guard.user,
      schema: {
        summary: 'Complete or change the account details; the email cannot be changed',
        description:
          'The names and the birth date are held while a request of the user may still be issued a statement (submitted and not final, or published with its appeal window open): a change to one of them answers 422 on that field (decision 105). The same values sent again are taken.',
        tags: ['users'],
        security,
        params: userIdParamsSchema,
        // The API's clock decides who is 18 (a test's ManualClock, the journeys' moved clock).
        body: userUpdateSchemaAt(() => ctx.clock.now()),
        response: { 200: dataEnvelope(userSchema), ...errors },
      },
    },
    async (request) => ({
      data: await updateUser(ctx, authenticated(request).user, request.params.id, request.body),
    }),
  );

  app.patch(
    '/profile',
    {
      onRequest: guard.user,
      schema: {
        summary: 'Set the interface language and the marketing consent of the session’s user',
        tags: ['users'],
        security,
        body: profileUpdateSchema,
        response: { 200: dataEnvelope(userSchema), 401: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => ({ data: await updateProfile(ctx, authenticated(request).user, request.body) }),
  );
};
