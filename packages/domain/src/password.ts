import { z } from 'zod/mini';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/**
 * The special characters a password may use to meet the rule of spec §5: the 32 ASCII
 * punctuation characters (the OWASP list without the space). Any other character is allowed
 * in a password too; it just does not count as "special".
 */
export const PASSWORD_SPECIAL_CHARACTERS = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

export const PASSWORD_REQUIREMENTS = [
  'minLength',
  'maxLength',
  'uppercase',
  'lowercase',
  'digit',
  'special',
] as const;
export type PasswordRequirement = (typeof PASSWORD_REQUIREMENTS)[number];

/** The requirements of spec §5 a password fails; empty when it meets them all. */
export function passwordProblems(password: string): PasswordRequirement[] {
  const problems: PasswordRequirement[] = [];
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) problems.push('minLength');
  if (length > PASSWORD_MAX_LENGTH) problems.push('maxLength');
  if (!/\p{Lu}/u.test(password)) problems.push('uppercase');
  if (!/\p{Ll}/u.test(password)) problems.push('lowercase');
  if (!/[0-9]/.test(password)) problems.push('digit');
  if (![...password].some((char) => PASSWORD_SPECIAL_CHARACTERS.includes(char))) problems.push('special');
  return problems;
}

export const isStrongPassword = (password: string): boolean => passwordProblems(password).length === 0;

/** A new password: the spec rule, reported as one message the form and the API share. */
export const newPasswordSchema = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(PASSWORD_MAX_LENGTH),
    z.refine(isStrongPassword, { message: 'passwordRule' }),
  );

export const passwordPairShape = {
  password: newPasswordSchema,
  password_confirmation: z.string().check(z.minLength(1)),
};

type PasswordPair = { password: string; password_confirmation: string };

/**
 * Adds the confirmation rule to an object holding `password` and `password_confirmation`. Through
 * `.check`, which classic and mini schemas both have: the rule applies to either.
 */
export const withPasswordConfirmation = <
  T extends z.core.$ZodType<PasswordPair> & { check(...checks: z.core.$ZodCheck<PasswordPair>[]): T },
>(
  schema: T,
): T =>
  schema.check(
    z.refine((value) => value.password === value.password_confirmation, {
      message: 'passwordsDoNotMatch',
      path: ['password_confirmation'],
    }),
  );

/** A password and its confirmation; the mismatch is reported on the confirmation field. */
export const passwordWithConfirmationSchema = withPasswordConfirmation(z.object(passwordPairShape));
