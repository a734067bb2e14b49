import type { Ability, StaffQueue } from '@lisbon/domain';
import { QUEUE_ABILITIES, QUEUE_ORDER, queuePath } from '@/features/staff/queueNavigation';
import type { Catalogue } from '@/shared/i18n/locales/en-US';

type NavLabel = keyof Catalogue['nav'];
/** A link, and the ability its route needs (the same as in routes.tsx), so nobody sees a dead end. */
export type NavItem = { to: string; label: NavLabel; ability?: Ability };
export type NavGroup = { label: NavLabel; items: readonly NavItem[] };

/** The staff queues of spec §1 (and the requests still to assign), with their counts beside them. */
const QUEUE_LABELS: Record<StaffQueue, NavLabel> = {
  assigned: 'staffAssigned',
  to_review: 'staffToReview',
  unassigned: 'staffUnassigned',
  ready_for_issue: 'staffReadyForIssue',
  archive: 'staffArchive',
  all: 'staffAll',
};

/** The logged-in area, grouped as the navigation shows it (labels of spec §2). */
export const APP_NAVIGATION: readonly NavGroup[] = [
  {
    label: 'requests',
    items: [
      { to: '/practices', label: 'myRequests', ability: 'practice.apply' },
      { to: '/practices?view=archive', label: 'archive', ability: 'practice.apply' },
      { to: '/service', label: 'service', ability: 'practice.apply' },
      { to: '/delivery', label: 'delivery', ability: 'delivery.order' },
    ],
  },
  {
    label: 'staff',
    items: [
      { to: '/staff/dashboard', label: 'staffDashboard', ability: 'staff.dashboard' },
      ...QUEUE_ORDER.map((queue) => ({
        to: queuePath(queue),
        label: QUEUE_LABELS[queue],
        ability: QUEUE_ABILITIES[queue],
      })),
      { to: '/staff/notices', label: 'staffNotices', ability: 'staff.workspace' },
    ],
  },
  {
    label: 'account',
    items: [
      { to: '/account', label: 'profile' },
      { to: '/documents', label: 'documents', ability: 'practice.apply' },
      { to: '/study', label: 'study', ability: 'practice.apply' },
      // The applicant's pages: staff give no consent and accept no applicant terms (issue 33).
      { to: '/consent', label: 'consent', ability: 'practice.apply' },
      { to: '/terms', label: 'terms', ability: 'practice.apply' },
    ],
  },
];

export const HELP_LINK: NavItem = { to: '/faq', label: 'help' };

/** What a visitor who is not logged in can reach from the header. */
export const PUBLIC_NAVIGATION: readonly NavItem[] = [
  { to: '/', label: 'home' },
  { to: '/faq', label: 'faq' },
  { to: '/auth/login', label: 'login' },
  { to: '/auth/register', label: 'register' },
];

/**
 * The one link that names the current page: its path matches (or is a parent of) the page,
 * its query, if any, is part of the page's; the most specific such link wins.
 */
export function currentLink(
  location: { pathname: string; search: string },
  links: readonly string[],
): string | undefined {
  const params = new URLSearchParams(location.search);
  const matches = links.filter((link) => {
    const [path = '', query = ''] = link.split('?');
    const pathMatches =
      location.pathname === path || (path !== '/' && location.pathname.startsWith(`${path}/`));
    const queryMatches = [...new URLSearchParams(query)].every(([key, value]) => params.get(key) === value);
    return pathMatches && queryMatches;
  });
  return matches.sort((a, b) => b.length - a.length)[0];
}
