import { describe, expect, it } from 'vitest';
import { AMENDMENT_WORDED_STATUSES, statusNameOf, statusWordingOf } from './status-wording';
import { statusLabel } from './statuses';
import { STATUS_LABEL_NAMES, STATUS_NAMES } from './transition-texts';

describe('an amendment’s statuses (decision 026)', () => {
  it('are named for the amendment on one, for an appeal and without one as the spec names them', () => {
    expect(statusNameOf('appeal_requested', 'amendment')).toBe('amendment_requested');
    expect(statusNameOf('appeal_requested', 'appeal')).toBe('appeal_requested');
    expect(statusNameOf('appeal_requested', null)).toBe('appeal_requested');
    expect(statusNameOf('amend_issued', 'amendment')).toBe('amend_issued');
    expect(statusNameOf('in_evaluation', 'amendment')).toBe('in_evaluation');
    expect(statusWordingOf('appeal in evaluation', 'amendment')).toBe('amendment in evaluation');
    expect(statusWordingOf('appeal in evaluation', undefined)).toBe('appeal in evaluation');
    expect(statusWordingOf('cimea request', 'amendment')).toBe('cimea request');
  });

  it('never say appeal on an amendment, in either language', () => {
    for (const status of AMENDMENT_WORDED_STATUSES) {
      const name = statusNameOf(status, 'amendment');
      const wording = statusWordingOf(statusLabel(status), 'amendment');
      expect(STATUS_NAMES['en-US'][name]).not.toMatch(/appeal/i);
      expect(STATUS_NAMES['it-IT'][name]).not.toMatch(/ricorso/i);
      expect(STATUS_LABEL_NAMES['en-US'][wording]).not.toMatch(/appeal/i);
      expect(STATUS_LABEL_NAMES['it-IT'][wording]).not.toMatch(/ricorso/i);
    }
  });
});
