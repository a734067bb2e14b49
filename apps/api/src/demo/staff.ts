import type { StaffRole } from '@lisbon/domain';
import type { AppContext } from '../context';
import { totpContext } from '../platform/secret-box';
import { hashPassword } from '../platform/passwords';
import { newTotpSecret, otpauthUrl } from '../modules/auth/totp';
import {
  activateAccount,
  createAccount,
  enableTwoFactor,
  findAccountByEmail,
} from '../modules/users/accounts';

/**
 * `npm run cli -- demo:staff`: ready-to-use staff accounts for local trials, with a known password
 * and two factors already on. Only ever run by hand; nothing at start creates them. Tests use
 * `createReadyStaff` too, so the demo and the tests make staff the same way.
 */
export const DEMO_STAFF_PASSWORD = 'Lisbon#Demo-Staff-2026';

export const DEMO_STAFF = [
  { role: 'secretary', email: 'secretary@demo.lisbon.test', firstName: 'Sara', lastName: 'Segreti' },
  { role: 'evaluator', email: 'evaluator@demo.lisbon.test', firstName: 'Enzo', lastName: 'Valutati' },
  { role: 'reviewer', email: 'reviewer@demo.lisbon.test', firstName: 'Rita', lastName: 'Revisori' },
  { role: 'admin', email: 'admin@demo.lisbon.test', firstName: 'Ada', lastName: 'Amministra' },
] as const satisfies readonly ReadyStaff[];

export type ReadyStaff = {
  role: StaffRole;
  email: string;
  firstName: string;
  lastName: string;
  password?: string;
};

export type CreatedStaff = {
  userId: number;
  email: string;
  role: string;
  secret: string;
  otpauthUrl: string;
};

/** An active staff account with a password and two factors on; the TOTP secret is answered once. */
export async function createReadyStaff(ctx: AppContext, staff: ReadyStaff): Promise<CreatedStaff | null> {
  const passwordHash = await hashPassword(staff.password ?? DEMO_STAFF_PASSWORD);
  const secret = newTotpSecret();
  return ctx.db.transaction().execute(async (trx) => {
    if (await findAccountByEmail(trx, staff.email)) return null;
    const now = ctx.clock.now().toISOString();
    const userId = await createAccount(trx, {
      email: staff.email,
      firstName: staff.firstName,
      lastName: staff.lastName,
      birthDate: null,
      role: staff.role,
      category: 'standard',
      locale: 'en-US',
      isLocaleChosen: true,
      hasMarketingConsent: false,
      hasAcceptedTerms: false,
      now,
    });
    await activateAccount(trx, userId, passwordHash, now);
    // Step 0: no code has been used yet.
    await enableTwoFactor(trx, userId, ctx.secrets.seal(secret, totpContext(userId)), 0, now);
    return {
      userId,
      email: staff.email,
      role: staff.role,
      secret,
      otpauthUrl: otpauthUrl(secret, staff.email),
    };
  });
}

/** The demo accounts that did not exist yet; existing ones are left as they are (their secret is not shown again). */
export async function createDemoStaff(
  ctx: AppContext,
): Promise<{ created: CreatedStaff[]; existing: string[] }> {
  const created: CreatedStaff[] = [];
  const existing: string[] = [];
  for (const staff of DEMO_STAFF) {
    const account = await createReadyStaff(ctx, staff);
    if (account) created.push(account);
    else existing.push(staff.email);
  }
  return { created, existing };
}
