import { describe, expect, it } from 'vitest';
import { shareLinkBodySchema, shareLinkState } from './statement-access';

describe('share links', () => {
  const now = new Date('2026-02-11T23:59:59Z');

  it('work through their last day, then have expired', () => {
    expect(shareLinkState({ expires_on: '2026-02-11', revoked_at: null }, now)).toBe('active');
    expect(shareLinkState({ expires_on: '2026-02-10', revoked_at: null }, now)).toBe('expired');
    expect(shareLinkState({ expires_on: null, revoked_at: null }, now)).toBe('active');
  });

  it('say revoked once taken back, whatever their expiry', () => {
    expect(shareLinkState({ expires_on: '2026-02-10', revoked_at: '2026-02-09T10:00:00Z' }, now)).toBe(
      'revoked',
    );
  });

  it('take a calendar date or none as expiry, and nothing else', () => {
    expect(shareLinkBodySchema.safeParse({}).success).toBe(true);
    expect(shareLinkBodySchema.safeParse({ expires_on: null }).success).toBe(true);
    expect(shareLinkBodySchema.safeParse({ expires_on: '2026-02-30' }).success).toBe(false);
    expect(shareLinkBodySchema.safeParse({ expires_on: '2026-02-11', token: 'x' }).success).toBe(false);
  });
});
