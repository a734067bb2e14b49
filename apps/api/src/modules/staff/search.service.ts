import {
  APPEAL_TYPES,
  isExactNameOf,
  isOneOf,
  PRACTICE_STATUSES,
  requestIdOf,
  searchTermsOf,
  statusLabel,
  type StaffSearchQuery,
  type StaffSearchResult,
} from '@lisbon/domain';
import type { AppContext } from '../../context';
import { requireStaff } from '../sessions/guard';
import type { SessionUser } from '../sessions/service';
import { findAnsweredByApplicant } from './repository';
import { findSearchRows, findWholeWordCandidates, searchPracticeIds } from './search.repository';

/**
 * GET /staff/search (decision 069): the request whose number the query is, first, then the newest
 * requests of an applicant the query names exactly (surname or full name), then the newest
 * requests whose words begin with every word of the query: applicant's names in any order, email,
 * tax ID, qualification, institution, country; accents and case ignored.
 */
export async function searchPractices(
  ctx: AppContext,
  actor: SessionUser,
  query: StaffSearchQuery,
): Promise<StaffSearchResult[]> {
  requireStaff(actor);
  const byNumber = requestIdOf(query.q);
  const terms = searchTermsOf(query.q);
  const found = await searchPracticeIds(ctx.db, terms, query.limit);
  const named = (await findWholeWordCandidates(ctx.db, terms))
    .filter((candidate) => isExactNameOf(query.q, candidate))
    .map((candidate) => candidate.id);
  const ids = [...new Set([...(byNumber === null ? [] : [byNumber]), ...named, ...found])].slice(
    0,
    query.limit,
  );
  const foundRows = await findSearchRows(ctx.db, ids);
  const answered = await findAnsweredByApplicant(ctx.db, foundRows);
  const rows = new Map(foundRows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = rows.get(id);
    const status = PRACTICE_STATUSES.find((candidate) => candidate === row?.status);
    if (!row || !status) return [];
    return [
      {
        id,
        status,
        status_label: statusLabel(status),
        appeal_type: isOneOf(APPEAL_TYPES, row.appeal_type) ? row.appeal_type : null,
        country: row.country,
        qualification_name: row.qualification_name,
        applicant: { first_name: row.first_name, last_name: row.last_name, email: row.email },
        is_id_match: id === byNumber,
        applicant_answered: answered.has(id),
      },
    ];
  });
}
