import { z } from 'zod';
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
  .min(1)
  .max(PASSWORD_MAX_LENGTH)
  .refine(isStrongPassword, { message: 'passwordRule' });

export const passwordPairShape = { password: newPasswordSchema, password_confirmation: z.string().min(1) };

/** Adds the confirmation rule to an object holding `password` and `password_confirmation`. */
export const withPasswordConfirmation = <
  T extends z.ZodType<{ password: string; password_confirmation: string }>,
>(
  schema: T,
) =>
  schema.refine((value) => value.password === value.password_confirmation, {
    message: 'passwordsDoNotMatch',
    path: ['password_confirmation'],
  });

/** A password and its confirmation; the mismatch is reported on the confirmation field. */
export const passwordWithConfirmationSchema = withPasswordConfirmation(z.object(passwordPairShape));
