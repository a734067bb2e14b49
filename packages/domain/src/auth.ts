import { z } from 'zod/mini';
import { USER_CATEGORIES } from './abilities';
import { localeSchema } from './locales';
import { passwordPairShape, withPasswordConfirmation } from './password';
import { birthDateSchema, birthDateSchemaAt, emailSchema, personNameSchema } from './user';

/** Schemas of the auth calls of spec §7, shared by the API (validation, OpenAPI) and the web forms. */

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().check(z.minLength(1), z.maxLength(1024)),
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * POST /auth answer. With two factors on, the token is limited to the second-factor step; POST
 * /auth/2fa then answers a new one, of a full session, in the same shape (`two_factor_required` false).
 */
export const sessionSchema = z
  .object({
    access_token: z.string(),
    expires_at: z.string(),
    user_id: z.number().check(z.int()),
    two_factor_required: z.boolean(),
  })
  .register(z.globalRegistry, { id: 'Session' });
export type Session = z.infer<typeof sessionSchema>;

/** POST /auth/refresh answer (spec §7). */
export const refreshSchema = z.object({ expires_at: z.string(), user_id: z.number().check(z.int()) });
export type Refresh = z.infer<typeof refreshSchema>;

/** A TOTP code (6 digits) or a one-time recovery code. */
export const twoFactorCodeSchema = z.object({
  code: z.string().check(z.trim(), z.minLength(6), z.maxLength(32)),
});

/** The account's password as it is now: asked again before a change of how the account logs in. */
const currentPasswordSchema = z.string().check(z.minLength(1), z.maxLength(1024));

/** POST /auth/2fa/enable: the first code of the new secret, and the current password. */
export const twoFactorEnableSchema = z.object({
  ...twoFactorCodeSchema.shape,
  current_password: currentPasswordSchema,
});

/** GET /auth/2fa: whether the account has two factors and whether this session has passed them. */
export const twoFactorStatusSchema = z.object({ enabled: z.boolean(), verified: z.boolean() });

export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a QR code, an SVG data URL. */
  qr_code: z.string(),
});
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

/**
 * POST /auth/2fa/enable answer: the recovery codes, shown this once, and the new session that
 * replaces the acting one (every earlier token of the account ends), in the login's shape.
 */
export const twoFactorEnabledSchema = z.object({
  ...recoveryCodesSchema.shape,
  ...sessionSchema.shape,
});

/**
 * A registration's shape, its birth date any real day: what a queued registration holds, checked
 * when it came. POST /auth/register and the form check `registerSchemaAt`.
 */
export const registerSchema = z.object({
  email: emailSchema,
  first_name: personNameSchema,
  last_name: personNameSchema,
  birth_date: birthDateSchema,
  category: z._default(z.enum(USER_CATEGORIES), 'standard'),
  locale: z.optional(localeSchema),
  accept_terms: z.boolean().check(z.refine((accepted) => accepted, { message: 'termsRequired' })),
  marketing_consent: z._default(z.boolean(), false),
});
export type RegisterInput = z.input<typeof registerSchema>;

/** POST /auth/register: services are for adults on the day at `now()`, the API's clock or the browser's. */
export const registerSchemaAt = (now: () => Date) =>
  z.extend(registerSchema, { birth_date: birthDateSchemaAt(now) });

const tokenSchema = z.string().check(z.trim(), z.minLength(16), z.maxLength(200));

/** Activation sets the password (spec §2 /auth/activate/{token}). */
export const activateSchema = withPasswordConfirmation(
  z.object({ token: tokenSchema, ...passwordPairShape }),
);
export const resetPasswordSchema = withPasswordConfirmation(
  z.object({ token: tokenSchema, ...passwordPairShape }),
);
export const updatePasswordSchema = withPasswordConfirmation(
  z.object({ current_password: currentPasswordSchema, ...passwordPairShape }),
);
export const emailOnlySchema = z.object({ email: emailSchema });

/**
 * POST /auth/logout-everywhere: the current password, re-entered (OWASP ASVS 3.3.4). Every session
 * of the account ends, the calling one too; the answer is a new session for this device, in the
 * login's shape (`sessionSchema`).
 */
export const logoutEverywhereSchema = z.object({ current_password: currentPasswordSchema });

/** POST /auth/check-token: whether an emailed link still works, without using it up. */
export const LINK_TOKEN_PURPOSES = ['activation', 'password_reset'] as const;
export type LinkTokenPurpose = (typeof LINK_TOKEN_PURPOSES)[number];
export const checkTokenSchema = z.object({ token: tokenSchema, purpose: z.enum(LINK_TOKEN_PURPOSES) });

/**
 * POST /auth/logout records where and why the session ended; `replaced`: a new login in the same
 * browser took its token's place.
 */
export const LOGOUT_CAUSES = ['user', 'expired', 'unauthorized', 'deleted', 'replaced'] as const;
export const logoutSchema = z.object({
  // Only recorded: a NUL (that no database column stores) is dropped rather than refused, so logout always ends the session.
  route: z.optional(
    z.pipe(
      z.string().check(z.maxLength(2048)),
      z.transform((route: string) => route.replaceAll('\u0000', '')),
    ),
  ),
  cause: z._default(z.enum(LOGOUT_CAUSES), 'user'),
});

/** The answer of calls that must not reveal whether an account exists. */
export const acknowledgementSchema = z.object({ message: z.string() });

/**
 * POST /auth/activate's answer: the acknowledgement and the account's email, which the login form
 * then offers. Only the emailed token's holder gets it, who proved the address by opening the link.
 */
export const activationSchema = z.object({ message: z.string(), email: z.string() });
