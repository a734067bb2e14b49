import { registerJob } from '../../jobs/definition';
import type { Ledger } from '../ledger';
import { anchorLedgerJob } from './anchor.job';

/** Safe to repeat and to run in several workers at once: every move is a compare-and-set. */
export const anchorLedgerHandler = (ledger: Ledger) =>
  registerJob(anchorLedgerJob, async () => {
    await ledger.anchoring?.run();
  });
