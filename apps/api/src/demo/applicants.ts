import type { Db } from '../platform/db/database';
import { activateAccount, createAccount } from '../modules/users/accounts';

export type DemoApplicant = {
  email: string;
  firstName: string;
  lastName: string;
  birthDate: string;
  passwordHash: string;
};

/** An active standard applicant in English who accepted the terms, as the demo commands need one. */
export async function createActiveApplicant(db: Db, applicant: DemoApplicant, now: string): Promise<number> {
  const id = await createAccount(db, {
    email: applicant.email,
    firstName: applicant.firstName,
    lastName: applicant.lastName,
    birthDate: applicant.birthDate,
    role: 'applicant',
    category: 'standard',
    locale: 'en-US',
    isLocaleChosen: true,
    hasMarketingConsent: false,
    hasAcceptedTerms: true,
    now,
  });
  await activateAccount(db, id, applicant.passwordHash, now);
  return id;
}
