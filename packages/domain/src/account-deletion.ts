import { isArchived, type PracticeStatus } from './statuses';

/**
 * A request in progress: submitted, with no final outcome yet — in evaluation, waiting for the
 * applicant, or an appeal being handled. Deleting the account closes each of them (decision 052):
 * the work on it stops, fees paid are not refunded, a statement already published stays valid.
 * Drafts and requests with a final outcome are left as they are.
 */
export const closesOnAccountDeletion = (status: PracticeStatus): boolean =>
  status !== 'draft' && !isArchived(status);
