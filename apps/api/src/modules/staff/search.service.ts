import {
  APPEAL_TYPES,
  deadlineStandingOf,
  isExactNameOf,
  isOneOf,
  normaliseSearchText,
  PRACTICE_STATUSES,
  requestIdOf,
  searchTermsOf,
  statusLabel,
  type StaffSearchQuery,
  type StaffSearchResult,
} from '@lisbon/domain';
import type { AppContext } from '../../context';
import { bodyToday, workingCalendar } from '../reference/calendar.service';
import { requireStaff } from '../sessions/guard';
import type { SessionUser } from '../sessions/service';
import { findAnsweredByApplicant } from './repository';
import { findRequestsNamed, findSearchRows, searchPracticeIds } from './search.repository';

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
  // Looked up by the names' keys, newest first: every one of them, however common its words.
  const named = (await findRequestsNamed(ctx.db, normaliseSearchText(query.q), query.limit))
    .filter((candidate) => isExactNameOf(query.q, candidate))
    .map((candidate) => candidate.id);
  const ids = [...new Set([...(byNumber === null ? [] : [byNumber]), ...named, ...found])].slice(
    0,
    query.limit,
  );
  const foundRows = await findSearchRows(ctx.db, ids);
  const answered = await findAnsweredByApplicant(ctx.db, foundRows);
  // Days to go and their flag by the queue's rule (decision 070): counted only when a row was found.
  const day = foundRows.length > 0 ? { today: bodyToday(ctx), calendar: await workingCalendar(ctx) } : null;
  const rows = new Map(foundRows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = rows.get(id);
    const status = PRACTICE_STATUSES.find((candidate) => candidate === row?.status);
    if (!row || !status || !day) return [];
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
        ...deadlineStandingOf(
          { status, expected_deadline: row.expected_deadline },
          day,
          ctx.config.deadlineAtRiskDays,
        ),
      },
    ];
  });
}
