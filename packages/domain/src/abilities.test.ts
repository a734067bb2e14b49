import { describe, expect, it } from 'vitest';
import { ABILITIES, abilitiesFor, canAccess, isStaffAbility } from './abilities';

describe('abilitiesFor', () => {
  it('names every ability for every role, true only where granted', () => {
    const applicant = abilitiesFor('applicant');
    expect(Object.keys(applicant).sort()).toEqual([...ABILITIES].sort());
    expect(applicant['practice.apply']).toBe(true);
    expect(applicant['staff.workspace']).toBe(false);
  });

  it('gives admins every staff ability and applicants none', () => {
    const admin = abilitiesFor('admin');
    for (const ability of ABILITIES.filter((a) => a.startsWith('staff.'))) expect(admin[ability]).toBe(true);
    expect(admin['practice.apply']).toBe(false);
  });

  it('keeps review apart from evaluation', () => {
    expect(abilitiesFor('evaluator')['staff.review']).toBe(false);
    expect(abilitiesFor('reviewer')['staff.evaluate']).toBe(false);
  });
});

describe('canAccess', () => {
  it('lets any logged-in user through a route that names no ability', () => {
    expect(canAccess({}, undefined)).toBe(true);
  });

  it('needs the named ability to be exactly true', () => {
    expect(canAccess(abilitiesFor('secretary'), 'staff.assign')).toBe(true);
    expect(canAccess(abilitiesFor('applicant'), 'staff.assign')).toBe(false);
    expect(canAccess(undefined, 'staff.assign')).toBe(false);
  });
});

describe('payments.refund', () => {
  it('belongs to administrators and secretaries only (decision 068), and asks two factors', () => {
    const holders = (['applicant', 'evaluator', 'reviewer', 'secretary', 'admin'] as const).filter(
      (role) => abilitiesFor(role)['payments.refund'],
    );
    expect(holders).toEqual(['secretary', 'admin']);
    expect(isStaffAbility('payments.refund')).toBe(true);
    expect(isStaffAbility('practice.apply')).toBe(false);
  });
});
