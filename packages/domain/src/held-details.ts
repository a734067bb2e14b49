import { isArchived, type PracticeStatus } from './statuses';

// What an applicant's requests hold of the account while they are worked on (decisions 105, 106).

/** What a statement says of its holder: their names and birth date, read from the account. */
export const STATEMENT_IDENTITY_FIELDS = ['first_name', 'middle_name', 'last_name', 'birth_date'] as const;

/**
 * Whether a request holds its applicant's identity: it is being evaluated (from its submission
 * until its statement, an appeal's or amendment's included, is issued or it is closed), and the
 * statement will name the person its staff checked. The account's names and birth date do not
 * change meanwhile. Once a statement is out, a wrong name is corrected in the account, then by an
 * amendment, whose staff evaluate the corrected name before the amended statement carries it.
 */
export const holdsIdentity = (practice: { status: PracticeStatus }): boolean =>
  practice.status !== 'draft' && !isArchived(practice.status);

/**
 * Whether a request holds its applicant's category (standard or refugee): its service was chosen
 * by it, from the draft until the request is final. A refugee whose status could not be confirmed
 * (the request closed) may then apply through the standard service, and the other way round.
 */
export const holdsCategory = (practice: { status: PracticeStatus }): boolean =>
  practice.status === 'draft' || holdsIdentity(practice);
