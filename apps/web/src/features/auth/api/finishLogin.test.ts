import { describe, expect, it } from 'vitest';
import { completeProfile, testUser } from '@/test/users';
import { destinationAfterLogin } from './finishLogin';

describe('where a login lands', () => {
  it('sends staff with two factors to their workspace, and staff without to the account page', () => {
    expect(destinationAfterLogin(testUser({ role: 'evaluator', two_factor_enabled: true }), null)).toBe(
      '/staff',
    );
    expect(destinationAfterLogin(testUser({ role: 'secretary', two_factor_enabled: false }), null)).toBe(
      '/account',
    );
  });

  it('sends an applicant to the account page until it is complete, then to the requests', () => {
    expect(destinationAfterLogin(testUser(), null)).toBe('/account');
    expect(destinationAfterLogin(testUser(completeProfile), null)).toBe('/practices');
  });

  it('returns to the page the user was sent away from', () => {
    expect(destinationAfterLogin(testUser({ role: 'reviewer' }), '/staff/practices/4')).toBe(
      '/staff/practices/4',
    );
  });
});
