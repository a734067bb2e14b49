import type { StaffUser } from '@lisbon/domain';

/**
 * The options of a select of staff members (the assignment's evaluator and reviewer, the queue's
 * Assignee filter): each by name, and those who share a name with another also by their email,
 * "Ada Rossi (ada.rossi@body.example)", so that two people of the same name are told apart.
 */
export function staffChoices(users: readonly StaffUser[]): { value: string; label: string }[] {
  const nameOf = (user: StaffUser) => `${user.first_name} ${user.last_name}`.trim();
  const seen = new Map<string, number>();
  for (const user of users) seen.set(nameOf(user), (seen.get(nameOf(user)) ?? 0) + 1);
  return users.map((user) => ({
    value: String(user.id),
    label: (seen.get(nameOf(user)) ?? 0) > 1 ? `${nameOf(user)} (${user.email})` : nameOf(user),
  }));
}
