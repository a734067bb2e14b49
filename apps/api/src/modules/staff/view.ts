import { deadlineStandingOf, type StaffPracticeSummary, type StaffRef } from '@lisbon/domain';
import { toOwnedPractice } from '../practice-records/access.service';
import { toPracticeSummary, type Today } from '../practices/view';
import type { StaffPracticeRow } from './queue.repository';
import type { PersonRow } from './repository';

const ref = (id: number | null, first: string | null, last: string | null): StaffRef | null =>
  id === null ? null : { id, first_name: first ?? '', last_name: last ?? '' };

export const toStaffRef = (person: PersonRow): StaffRef => ({
  id: person.id,
  first_name: person.first_name,
  last_name: person.last_name,
});

/** A lookup of people by id for the views: null for no id, an empty name for an id not found. */
export function refsOf(people: readonly PersonRow[]): (id: number | null) => StaffRef | null {
  const byId = new Map(people.map((person) => [person.id, toStaffRef(person)]));
  return (id) => (id === null ? null : (byId.get(id) ?? { id, first_name: '', last_name: '' }));
}

export function toStaffSummary(
  row: StaffPracticeRow,
  today: Today,
  atRiskDays: number,
  isAnswered: boolean,
): StaffPracticeSummary {
  const summary = toPracticeSummary(toOwnedPractice(row), today);
  return {
    ...summary,
    qualification_name: row.qualification_name,
    applicant: {
      id: row.user_id,
      first_name: row.applicant_first_name,
      last_name: row.applicant_last_name,
      email: row.applicant_email,
    },
    assignee: ref(row.assignee_id, row.assignee_first_name, row.assignee_last_name),
    reviewer: ref(row.reviewer_id, row.reviewer_first_name, row.reviewer_last_name),
    updated_at: row.updated_at,
    // Its days to go and their flag, as a search result says them (decision 070).
    ...deadlineStandingOf(summary, today, atRiskDays),
    applicant_answered: isAnswered,
  };
}
