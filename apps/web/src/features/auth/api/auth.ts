import {
  acknowledgementSchema,
  type activateSchema,
  activationSchema,
  type LinkTokenPurpose,
  type LoginInput,
  type registerSchema,
  sessionSchema,
} from '@lisbon/domain';
import type { z } from 'zod/mini';
import { api } from '@/api';

/** The public auth calls of spec §7; each answers its data, or throws an ApiError. */

export const logIn = async (credentials: LoginInput) =>
  (await api.create('auth', credentials, { auth: false, schema: sessionSchema })).data;

/**
 * The second step, with the token of the first. Passing it ends that session and answers a new
 * token (decision 013): the one to store; the first one is never stored.
 */
export const verifySecondFactor = async (token: string, code: string) =>
  (await api.create('auth/2fa', { code }, { token, schema: sessionSchema })).data;

/** Gives up a login waiting for its second factor, so its token does not linger on the server. */
export const abandonLogin = (token: string) =>
  api.create('auth/logout', { route: '/auth/login', cause: 'user' }, { token }).catch(() => undefined);

const acknowledged = async (path: string, body: unknown) =>
  (await api.create(path, body, { auth: false, schema: acknowledgementSchema })).data.message;

export const register = (input: z.output<typeof registerSchema>) => acknowledged('auth/register', input);
/** Answers the account's email with the acknowledgement: the login form offers it. */
export const activate = async (input: z.output<typeof activateSchema>) =>
  (await api.create('auth/activate', input, { auth: false, schema: activationSchema })).data;
export const resetPassword = (input: z.output<typeof activateSchema>) =>
  acknowledged('auth/reset-password', input);
export const resendActivation = (email: string) => acknowledged('auth/activation/resend', { email });
export const forgotPassword = (email: string) => acknowledged('auth/forgot-password', { email });

/** Answers when the emailed link still works; throws TOKEN_NOT_FOUND when it does not. */
export const checkToken = (token: string, purpose: LinkTokenPurpose) =>
  api.create('auth/check-token', { token, purpose }, { auth: false });
