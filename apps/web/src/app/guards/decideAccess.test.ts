import { abilitiesFor } from '@lisbon/domain';
import { describe, expect, it } from 'vitest';
import { decideAccess } from './decideAccess';

const applicant = { abilities: abilitiesFor('applicant') };
const evaluator = { abilities: abilitiesFor('evaluator') };

describe('decideAccess', () => {
  it('sends a visitor without a token to login', () => {
    expect(decideAccess({ hasToken: false })).toBe('login');
  });

  it('lets a loaded profile into a route that names no ability', () => {
    expect(decideAccess({ hasToken: true, profile: evaluator })).toBe('allow');
  });

  it("lets a profile in when the route's ability is true", () => {
    expect(decideAccess({ hasToken: true, profile: applicant, ability: 'practice.apply' })).toBe('allow');
  });

  it("cancels the navigation when the route's ability is false", () => {
    expect(decideAccess({ hasToken: true, profile: evaluator, ability: 'practice.apply' })).toBe('cancel');
  });

  it('cancels the navigation when an ability is missing from the map', () => {
    expect(decideAccess({ hasToken: true, profile: { abilities: {} }, ability: 'delivery.order' })).toBe(
      'cancel',
    );
  });

  it('goes to maintenance when the profile call answers 503', () => {
    expect(decideAccess({ hasToken: true, error: { status: 503, code: 'MAINTENANCE' } })).toBe('maintenance');
  });

  it.each(['FORBIDDEN_ACCESS', 'ADMIN_FORBIDDEN_ACCESS'])('cancels the navigation on %s', (code) => {
    expect(decideAccess({ hasToken: true, error: { status: 403, code } })).toBe('cancel');
  });

  it.each([
    { status: 401, code: 'TOKEN_EXPIRED' },
    { status: 401, code: 'UNAUTHORIZED_ACCESS' },
    { status: 404, code: 'NOT_FOUND' },
    { status: 500, code: 'api_error' },
  ])('logs out on any other failure ($code)', (error) => {
    expect(decideAccess({ hasToken: true, error })).toBe('login');
  });

  it('prefers the failure over the ability check', () => {
    expect(
      decideAccess({
        hasToken: true,
        error: { status: 503, code: 'MAINTENANCE' },
        ability: 'practice.apply',
      }),
    ).toBe('maintenance');
  });
});
