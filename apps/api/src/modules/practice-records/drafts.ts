import type { Db } from '../../platform/db/database';
import { deleteDraftRow, listDraftIdsOfUser } from './repository';

/**
 * A draft's own row, for the documents module's `deleteDraftWithDocuments` (its documents go first):
 * deleted while it is a draft, false when it is not one any more.
 */
export const deleteDraftRequestRow = (db: Db, id: number): Promise<boolean> => deleteDraftRow(db, id);

/** The account's drafts, for the deletion of the account. */
export const listDraftIdsOfAccount = (db: Db, userId: number): Promise<number[]> =>
  listDraftIdsOfUser(db, userId);
