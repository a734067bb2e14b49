import { abilitiesFor, canAccess, type Role } from '@lisbon/domain';
import { describe, expect, it } from 'vitest';
import { APP_NAVIGATION, currentLink } from './navigation';

const links = ['/', '/faq', '/practices', '/practices?view=archive', '/service'];

describe('currentLink', () => {
  it('marks the archive, not the request list, when the archive view is open', () => {
    expect(currentLink({ pathname: '/practices', search: '?view=archive' }, links)).toBe(
      '/practices?view=archive',
    );
  });

  it('marks the request list for a request detail', () => {
    expect(currentLink({ pathname: '/practices/12', search: '' }, links)).toBe('/practices');
  });

  it('marks the service link for a step of the wizard', () => {
    expect(currentLink({ pathname: '/service/new/purpose', search: '' }, links)).toBe('/service');
  });

  it('does not mark home for every page', () => {
    expect(currentLink({ pathname: '/documents', search: '' }, links)).toBeUndefined();
  });
});

describe('the staff navigation (issue 33)', () => {
  const labelsFor = (role: Role) =>
    APP_NAVIGATION.flatMap((group) => group.items)
      .filter((item) => canAccess(abilitiesFor(role), item.ability))
      .map((item) => item.label);

  it('shows staff no applicant pages: no consent, no terms', () => {
    for (const role of ['evaluator', 'reviewer', 'secretary', 'admin'] as const) {
      expect(labelsFor(role)).not.toContain('consent');
      expect(labelsFor(role)).not.toContain('terms');
    }
    expect(labelsFor('applicant')).toEqual(expect.arrayContaining(['consent', 'terms']));
  });

  it("shows 'Archive secretary' to the secretary and the admin, not to evaluators and reviewers", () => {
    expect(labelsFor('evaluator')).not.toContain('staffArchive');
    expect(labelsFor('reviewer')).not.toContain('staffArchive');
    expect(labelsFor('secretary')).toContain('staffArchive');
    expect(labelsFor('admin')).toContain('staffArchive');
  });
});
