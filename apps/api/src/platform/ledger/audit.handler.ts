import { registerJob } from '../jobs/definition';
import { auditLedgerJob } from './audit.job';
import type { Ledger } from './ledger';

/** Safe to repeat: a run continues from the last recorded audit, and records only what it found. */
export const auditLedgerHandler = (ledger: Ledger) =>
  registerJob(auditLedgerJob, async () => {
    const run = await ledger.runAudit('due');
    if (run && !run.audit.isIntact) {
      const { seq, fault } = run.audit;
      throw new Error(`the ledger is broken at entry ${seq}: ${fault} (npm run cli -- ledger:verify)`);
    }
  });
