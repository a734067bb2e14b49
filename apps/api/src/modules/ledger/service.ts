import type { LedgerEntryView } from '@lisbon/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import { entryFault } from '../../platform/ledger/entry';

/** GET /ledger/{txHash}: one entry as stored, and whether its own hash and signature check. */
export async function ledgerEntryView(ctx: AppContext, hash: string): Promise<LedgerEntryView> {
  const entry = await ctx.ledger.get(hash);
  if (!entry) throw new AppError('NOT_FOUND');
  return { ...entry, is_intact: entryFault(entry, ctx.ledger.publicKey) === null };
}
