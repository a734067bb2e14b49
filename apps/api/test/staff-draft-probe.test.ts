import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
import { bearer } from './identity';
import { type Applicant } from './requests';
import { practiceIn, type StaffMember } from './staff';

let admin: StaffMember;
let evaluator: StaffMember;
let reviewer: StaffMember;
let owner: Applicant;
let draftId: number;
const MISSING_ID = 987_654;
const clock = new ManualClock('2026-02-10T10:00:00Z');

const t = useTestApp({ clock });
beforeAll(async () => {
  admin = await t.staff('admin', { email: 'admin@example.org' });
  evaluator = await t.staff('evaluator', { email: 'eva@example.org' });
  reviewer = await t.staff('reviewer', { email: 'rev@example.org' });
  owner = await t.applicant({ email: 'maria@example.org' });
  draftId = await practiceIn(t.database, { userId: owner.id, status: 'draft' });
});

type Probe = {
  method: 'GET' | 'POST' | 'PUT';
  path: (id: number) => string;
  payload?: (id: number) => object;
};

/** Every staff call that names one request, with a body that validates. */
const PROBES: Record<string, Probe> = {
  workspace: { method: 'GET', path: (id) => `/staff/practices/${id}` },
  publication: { method: 'GET', path: (id) => `/staff/practices/${id}/publication` },
  'publication retry': { method: 'POST', path: (id) => `/staff/practices/${id}/publication/retry` },
  notes: {
    method: 'POST',
    path: (id) => `/staff/practices/${id}/notes`,
    payload: () => ({ text: 'A note' }),
  },
  close: {
    method: 'POST',
    path: (id) => `/staff/practices/${id}/transitions`,
    payload: () => ({ action: 'close', reason: 'Duplicate' }),
  },
  refund: { method: 'POST', path: (id) => `/staff/practices/${id}/refund` },
  'cancel delivery': { method: 'POST', path: (id) => `/staff/practices/${id}/cancel-delivery` },
  'open to delivery': { method: 'POST', path: (id) => `/staff/practices/${id}/open-to-delivery` },
  appeal: { method: 'GET', path: (id) => `/staff/practices/${id}/appeal` },
  assign: {
    method: 'POST',
    path: () => '/staff/practices/assign',
    payload: (id) => ({ practice_ids: [id], evaluator_id: evaluator.id, reviewer_id: reviewer.id }),
  },
};

const probe = (entry: Probe, id: number) =>
  t.app.inject({
    method: entry.method,
    url: `/api/v1${entry.path(id)}`,
    headers: bearer(admin.token),
    ...(entry.payload ? { payload: entry.payload(id) } : {}),
  });

describe('staff probing a draft', () => {
  it.each(Object.keys(PROBES))('%s answers for a draft exactly as for a missing id', async (name) => {
    const entry = PROBES[name] as Probe;
    const draft = await probe(entry, draftId);
    const missing = await probe(entry, MISSING_ID);
    expect({ status: draft.statusCode, body: draft.json<unknown>() }).toEqual({
      status: missing.statusCode,
      body: missing.json<unknown>(),
    });
    expect(draft.body).not.toMatch(/draft/i);
  });

  it('hears 404 NOT_FOUND for the publication, notes, closing and assignment of a draft', async () => {
    for (const name of ['publication', 'notes', 'close', 'assign', 'refund']) {
      const response = await probe(PROBES[name] as Probe, draftId);
      expect(response.statusCode, name).toBe(404);
      expect(response.json<{ code: string }>().code, name).toBe('NOT_FOUND');
    }
  });
});
