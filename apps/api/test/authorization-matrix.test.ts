import { abilitiesFor, type Ability, type Role } from '@lisbon/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
import { createUser, sessionToken } from './identity';
import { practiceIn, staffMember } from './staff';

/**
 * Who may call each operation of the OpenAPI document (spec §6), written down once here: every
 * operation is called by nobody, an applicant and each staff role, and every operation that names
 * an object is called by another applicant on the victim's object (issue #15). An operation
 * missing from the matrix fails the test, so a new endpoint cannot arrive without its entry.
 *
 * - `public`: anyone; `user`: any logged-in user (whose second factor passed);
 * - an ability: the roles that hold it (staff abilities also need two factors on).
 */
type Access = 'public' | 'user' | Ability;

const MATRIX: Record<string, Access> = {
  'GET /api/v1/health': 'public',
  'GET /api/v1/health/live': 'public',
  'GET /api/v1/health/ready': 'public',
  'GET /api/v1/cms-entries': 'public',
  'GET /api/v1/countries': 'public',
  'GET /api/v1/countries/{code}': 'public',
  'GET /api/v1/services/discovery': 'public',
  'GET /api/v1/reference/figures': 'public',
  'POST /api/v1/auth': 'public',
  'POST /api/v1/auth/logout': 'user',
  'POST /api/v1/auth/logout-everywhere': 'user',
  'POST /api/v1/auth/refresh': 'user',
  'GET /api/v1/auth/me': 'user',
  'GET /api/v1/auth/2fa': 'user',
  'POST /api/v1/auth/2fa': 'user',
  'POST /api/v1/auth/2fa/setup': 'user',
  'POST /api/v1/auth/2fa/enable': 'user',
  'POST /api/v1/auth/2fa/disable': 'user',
  'POST /api/v1/auth/register': 'public',
  'POST /api/v1/auth/activate': 'public',
  'POST /api/v1/auth/check-token': 'public',
  'POST /api/v1/auth/activation/resend': 'public',
  'POST /api/v1/auth/forgot-password': 'public',
  'POST /api/v1/auth/reset-password': 'public',
  'POST /api/v1/auth/update-password': 'user',
  'DELETE /api/v1/users/{id}': 'user',
  'GET /api/v1/users/{id}': 'user',
  'PATCH /api/v1/users/{id}': 'user',
  'PATCH /api/v1/profile': 'user',
  'GET /api/v1/users/{id}/user-qualification': 'user',
  'POST /api/v1/users/{id}/user-qualification': 'user',
  'PATCH /api/v1/users/{id}/user-qualification/{entryId}': 'user',
  'DELETE /api/v1/users/{id}/user-qualification/{entryId}': 'user',
  'POST /api/v1/practices': 'practice.apply',
  'GET /api/v1/practices': 'practice.apply',
  'GET /api/v1/practices/draft': 'practice.apply',
  'GET /api/v1/practices/{id}': 'practice.apply',
  'DELETE /api/v1/practices/{id}': 'practice.apply',
  'PATCH /api/v1/practices/{id}/purpose': 'practice.apply',
  'PATCH /api/v1/practices/{id}/qualification': 'practice.apply',
  'POST /api/v1/practices/{id}/review': 'practice.apply',
  'POST /api/v1/practices/{id}/submit': 'practice.apply',
  'GET /api/v1/users/{id}/notifications': 'user',
  'GET /api/v1/documents': 'practice.apply',
  'POST /api/v1/documents': 'practice.apply',
  'PUT /api/v1/documents/{id}': 'practice.apply',
  'DELETE /api/v1/documents/{id}': 'practice.apply',
  'GET /api/v1/documents/{id}/download': 'practice.apply',
  'GET /api/v1/consent/form': 'user',
  'GET /api/v1/users/{id}/billing': 'user',
  'PUT /api/v1/users/{id}/billing': 'user',
  'POST /api/v1/practices/{id}/checkout': 'practice.apply',
  'GET /api/v1/payments/{id}': 'user',
  'POST /api/v1/payments/webhook': 'public',
  'GET /api/v1/invoices': 'user',
  'GET /api/v1/invoices/{id}': 'user',
  'GET /api/v1/invoices/{id}/pdf': 'user',
  'GET /api/v1/practices/{id}/messages': 'practice.apply',
  'POST /api/v1/practices/{id}/reply': 'practice.apply',
  'PUT /api/v1/practices/{id}/unobtainable-documents/{type}': 'practice.apply',
  'DELETE /api/v1/practices/{id}/unobtainable-documents/{type}': 'practice.apply',
  'GET /api/v1/staff/queues/counts': 'staff.workspace',
  'GET /api/v1/staff/practices': 'staff.workspace',
  'GET /api/v1/staff/practices/{id}': 'staff.workspace',
  'GET /api/v1/staff/practices/{id}/documents/{documentId}/download': 'staff.workspace',
  'GET /api/v1/staff/practices/{id}/history': 'staff.workspace',
  'GET /api/v1/staff/users': 'staff.workspace',
  'GET /api/v1/staff/search': 'staff.workspace',
  'GET /api/v1/staff/dashboard': 'staff.dashboard',
  'POST /api/v1/staff/practices/{id}/transitions': 'staff.workspace',
  'POST /api/v1/staff/practices/assign': 'staff.assign',
  'POST /api/v1/staff/practices/messages': 'staff.broadcast',
  'POST /api/v1/staff/practices/{id}/file-check': 'staff.workspace',
  'PUT /api/v1/staff/practices/{id}/verification': 'staff.workspace',
  'PUT /api/v1/staff/practices/{id}/assessment': 'staff.workspace',
  'POST /api/v1/staff/practices/{id}/notes': 'staff.workspace',
  'GET /api/v1/practices/{id}/statement': 'practice.apply',
  'GET /api/v1/practices/{id}/statement/pdf': 'practice.apply',
  'GET /api/v1/practices/{id}/statement/share-links': 'practice.apply',
  'POST /api/v1/practices/{id}/statement/share-links': 'practice.apply',
  'DELETE /api/v1/practices/{id}/statement/share-links/{linkId}': 'practice.apply',
  'POST /api/v1/practices/{id}/statement/wallet-offers': 'practice.apply',
  'GET /api/v1/shared/{token}': 'public',
  'GET /api/v1/shared/{token}/pdf': 'public',
  'GET /api/v1/staff/practices/{id}/publication': 'staff.workspace',
  'POST /api/v1/staff/practices/{id}/publication/retry': 'staff.publish',
  'GET /api/v1/practices/{id}/appeal': 'practice.apply',
  'POST /api/v1/practices/{id}/appeal': 'practice.apply',
  'GET /api/v1/practices/{id}/appeal/statement/pdf': 'practice.apply',
  'GET /api/v1/staff/practices/{id}/appeal': 'staff.workspace',
  'GET /api/v1/verify/{id}': 'public',
  'GET /api/v1/verify/{id}/receipt': 'public',
  'POST /api/v1/verify/{id}': 'public',
  'POST /api/v1/verify': 'public',
  'GET /api/v1/ledger/{txHash}': 'public',
  'POST /api/v1/wallet/presentations': 'public',
  'GET /api/v1/wallet/presentations/{id}': 'public',
  'GET /api/v1/delivery': 'delivery.order',
  'PUT /api/v1/delivery/shipping': 'delivery.order',
  'POST /api/v1/delivery/checkout': 'delivery.order',
  'GET /api/v1/delivery/{id}/waybill': 'delivery.order',
  'POST /api/v1/staff/practices/{id}/open-to-delivery': 'staff.workspace',
  'POST /api/v1/staff/practices/{id}/delivered': 'staff.workspace',
  'GET /api/v1/staff/practices/{id}/waybill': 'staff.delivery',
  'POST /api/v1/staff/practices/{id}/cancel-delivery': 'payments.refund',
  'POST /api/v1/staff/practices/{id}/refund': 'payments.refund',
  'POST /api/v1/staff/refunds/{id}/given-back-by-hand': 'payments.refund',
  'GET /api/v1/notices': 'public',
  'GET /api/v1/contact': 'public',
  'GET /api/v1/staff/maintenance': 'staff.workspace',
  'PUT /api/v1/staff/maintenance': 'staff.manage',
  'GET /api/v1/staff/closures': 'staff.workspace',
  'POST /api/v1/staff/closures': 'staff.manage',
  'DELETE /api/v1/staff/closures/{id}': 'staff.manage',
  'GET /api/v1/staff/return-delivery-suspensions': 'staff.workspace',
  'POST /api/v1/staff/return-delivery-suspensions': 'staff.manage',
  'DELETE /api/v1/staff/return-delivery-suspensions/{id}': 'staff.manage',
  'POST /api/v1/marketing-opt-out/{token}': 'public',
};

type Operation = { requestBody?: { content: Record<string, unknown> } };
type Caller = { name: string; role: Role | null; userId: number | null; twoFactor: boolean };

let operations: { key: string; method: string; path: string; operation: Operation }[] = [];
const clock = new ManualClock('2025-03-03T09:00:00Z');
const callers: Caller[] = [];
/** The victim's objects, by the name of the path parameter that holds one. */
const victim = { userId: 0, email: 'victim@example.org', ids: {} as Record<string, number> };
/**
 * The victim's own object of each kind a path names by `{id}` (a payment, an invoice, a return
 * delivery, a study entry), so that another applicant's call is tried on a real one of the victim's,
 * not on a request's number that may name nothing of that kind.
 */
const victimObjects: { prefix: string; name: string; id: () => number }[] = [
  { prefix: '/api/v1/users/', name: 'id', id: () => victim.userId },
  { prefix: '/api/v1/users/', name: 'entryId', id: () => victim.ids.studyEntryId ?? 0 },
  { prefix: '/api/v1/payments/', name: 'id', id: () => victim.ids.paymentId ?? 0 },
  { prefix: '/api/v1/invoices/', name: 'id', id: () => victim.ids.invoiceId ?? 0 },
  { prefix: '/api/v1/delivery/', name: 'id', id: () => victim.ids.deliveryId ?? 0 },
];

/** A fresh session, its second factor passed for staff. */
const tokenOf = async (caller: Caller): Promise<string | undefined> =>
  caller.userId === null
    ? undefined
    : sessionToken(t.database, clock, caller.userId, { twoFactorPassed: caller.twoFactor });

const t = useTestApp({ clock, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
beforeAll(async () => {
  const payingVictim = await t.applicant({ email: victim.email, firstName: 'Victima' });
  victim.userId = payingVictim.id;
  const attacker = await createUser(t.database, clock, { email: 'attacker@example.org' });
  // A request paid through the sandbox: a payment and an invoice of the victim's.
  await t.request(payingVictim, 'paid');
  const submitted = await practiceIn(t.database, { userId: victim.userId, status: 'published' });
  const draft = await practiceIn(t.database, { userId: victim.userId, status: 'draft' });
  const now = clock.now().toISOString();
  const document = await t.database.db
    .insertInto('documents')
    .values({
      user_id: victim.userId,
      practice_id: submitted,
      type: 'diploma',
      file_name: 'victim.pdf',
      storage_key: 'victim-document',
      content_type: 'application/pdf',
      size: 10,
      sha256: '0'.repeat(64),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { db } = t.database;
  const payment = await db
    .selectFrom('payments')
    .select('id')
    .where('user_id', '=', victim.userId)
    .executeTakeFirstOrThrow();
  const invoice = await db
    .selectFrom('fiscal_documents')
    .select('id')
    .where('user_id', '=', victim.userId)
    .executeTakeFirstOrThrow();
  const delivery = await db
    .insertInto('deliveries')
    .values({
      user_id: victim.userId,
      status: 'paid',
      recipient_name: 'Victima Rossi',
      address: 'Via Roma 1',
      city: 'Roma',
      zip_code: '00100',
      province: 'RM',
      country: 'IT',
      phone: '+393331234567',
      shipping_submitted_at: now,
      paid_at: now,
      waybill_number: 'RD-2025-000001',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const studyEntry = await db
    .insertInto('study_entries')
    .values({
      user_id: victim.userId,
      qualification_name: 'Laurea',
      institution_name: 'Università di Victima',
      institution_country: 'IT',
      level: 'higher',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  victim.ids = {
    id: submitted,
    entryId: studyEntry.id,
    documentId: document.id,
    linkId: 1,
    draft,
    paymentId: payment.id,
    invoiceId: invoice.id,
    deliveryId: delivery.id,
    studyEntryId: studyEntry.id,
  };
  callers.push(
    { name: 'nobody', role: null, userId: null, twoFactor: false },
    { name: 'applicant', role: 'applicant', userId: attacker, twoFactor: false },
  );
  for (const role of ['secretary', 'evaluator', 'reviewer', 'admin'] as const) {
    const staff = await staffMember(t.app, t.database, clock, { role, email: `${role}@example.org` });
    callers.push({ name: role, role, userId: staff.id, twoFactor: true });
  }
  const document_ = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  operations = Object.entries(document_.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      operation,
    })),
  );
}, 60_000);

const isAllowed = (access: Access, caller: Caller) =>
  access === 'public' || (caller.role !== null && (access === 'user' || abilitiesFor(caller.role)[access]));

async function call(method: string, url: string, token: string | undefined) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
    ...(['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) ? { payload: '{}' } : {}),
  });
}

describe('the authorization matrix', () => {
  it('has an entry for every operation of the OpenAPI document, and none for an operation that is gone', () => {
    const documented = operations.map((operation) => operation.key).sort();
    expect(documented.filter((key) => !(key in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((key) => !documented.includes(key))).toEqual([]);
  });

  it('refuses every caller the matrix does not name: 401 without a session, 403 without the ability', async () => {
    const wrong: string[] = [];
    let calls = 0;
    for (const { key, method, path } of operations) {
      const access = MATRIX[key];
      if (!access || access === 'public') continue;
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => String(victim.ids[name] ?? 1));
      for (const caller of callers) {
        if (isAllowed(access, caller)) continue;
        const response = await call(method, url, await tokenOf(caller));
        calls += 1;
        const expected = caller.userId === null ? 401 : 403;
        if (response.statusCode !== expected)
          wrong.push(`${key} as ${caller.name}: ${response.statusCode}, not ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(calls).toBeGreaterThan(200);
  });

  it('never gives another applicant the victim’s object, nor says anything of it', async () => {
    const leaks: string[] = [];
    let calls = 0;
    const attacker = callers.find((caller) => caller.role === 'applicant') as Caller;
    for (const { key, method, path } of operations) {
      const access = MATRIX[key];
      if (!access || access === 'public' || !isAllowed(access, attacker) || !path.includes('{')) continue;
      for (const target of ['submitted', 'draft'] as const) {
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
          const own = victimObjects.find((object) => path.startsWith(object.prefix) && object.name === name);
          if (own) return String(own.id());
          return String(target === 'draft' && name === 'id' ? victim.ids.draft : (victim.ids[name] ?? 1));
        });
        const response = await call(method, url, await tokenOf(attacker));
        calls += 1;
        const isLeak =
          (response.statusCode >= 200 && response.statusCode < 300) ||
          response.body.includes(victim.email) ||
          response.body.includes('Victima');
        if (isLeak)
          leaks.push(`${key} (${target}) answered ${response.statusCode}: ${response.body.slice(0, 120)}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(calls).toBeGreaterThan(50);
    // Each of the victim's objects was there to be asked for: the owner gets it.
    const owner = { name: 'victim', role: 'applicant' as const, userId: victim.userId, twoFactor: false };
    for (const url of [
      `/api/v1/payments/${victim.ids.paymentId}`,
      `/api/v1/invoices/${victim.ids.invoiceId}`,
      `/api/v1/delivery/${victim.ids.deliveryId}/waybill`,
      `/api/v1/users/${victim.userId}/user-qualification`,
    ]) {
      expect((await call('GET', url, await tokenOf(owner))).statusCode, url).toBe(200);
    }
  });
});
