import type { Statement } from '@lisbon/domain';
import { beforeAll } from 'vitest';
import type { TestHarness } from './helper';
import type { Applicant } from './requests';
import type { StaffMember } from './staff';
import { publishOne, readyForIssue } from './statements';

/** The statement a wallet test file issues and checks, with who published it and whose it is. */
export type WalletStatement = {
  readonly admin: StaffMember;
  /** Maria, the applicant the statement is issued to. */
  readonly owner: Applicant;
  readonly practiceId: number;
  readonly statement: Extract<Statement, { status: 'published' }>;
};

/**
 * Shared by the wallet tests: an admin publishes Maria's request in the file's `beforeAll` (the job
 * run, its PDF signed), before the file's own hooks; its members are there once the tests run. Call
 * it after `useTestApp`, at the top of the file.
 */
export function useWalletStatement(t: TestHarness): WalletStatement {
  let made: WalletStatement | undefined;
  beforeAll(async () => {
    const admin = await t.staff('admin', { email: 'admin@example.org' });
    const owner = await t.applicant({ email: 'maria@example.org', firstName: 'Maria' });
    const practiceId = await readyForIssue(t.database, owner);
    const { statement } = await publishOne(t.app, t.worker, { admin, owner, practiceId });
    made = { admin, owner, practiceId, statement };
    // Publishing renders and signs a PDF: on a busy machine with PostgreSQL it takes longer than a hook's default.
  }, 60_000);
  const present = (): WalletStatement => {
    if (!made) throw new Error('the wallet statement is published in beforeAll: use it in a test or hook');
    return made;
  };
  return {
    get admin() {
      return present().admin;
    },
    get owner() {
      return present().owner;
    },
    get practiceId() {
      return present().practiceId;
    },
    get statement() {
      return present().statement;
    },
  };
}
