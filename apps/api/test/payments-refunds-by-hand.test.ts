import { API_PREFIX, dashboardSchema, refundSchema, staffPracticeSchema } from '@lisbon/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
import { bearer } from './identity';
import { checkout, dataOf, readyDraft } from './payments';
import { startProvider, type ProviderHarness } from './providers';
import { auditOf, type StaffMember } from './staff';

/**
 * A refund the provider refused is given back by hand in the provider's dashboard; staff who may
 * refund then mark it so (decision 068, amended in stop 75): it leaves the dashboard's list and
 * count, its request shows it given back by hand, and the request's audit trail says who and when.
 */
describe('a refused refund given back by hand', () => {
  let provider: ProviderHarness;
  let secretary: StaffMember;
  let admin: StaffMember;
  let evaluator: StaffMember;
  const clock = new ManualClock('2026-03-10T09:00:00Z');

  beforeAll(async () => {
    provider = await startProvider('sandbox', clock);
    t.onClose(() => provider.close());
  });
  const t = useTestApp({ clock, env: () => provider.env });
  beforeAll(async () => {
    provider.attach(t.app, t.database);
    secretary = await t.staff('secretary');
    admin = await t.staff('admin');
    evaluator = await t.staff('evaluator');
  });

  const as = (who: StaffMember, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `${API_PREFIX}${url}`,
      headers: bearer(who.token),
      ...(payload ? { payload } : {}),
    });
  const markGivenBack = (who: StaffMember, refundId: number | string) =>
    as(who, 'POST', `/staff/refunds/${refundId}/given-back-by-hand`);
  const failedOnDashboard = async () =>
    dashboardSchema.parse(dataOf(await as(secretary, 'GET', '/staff/dashboard'))).refunds_failed;

  /** A submitted request closed before its evaluation, its refund asked: refused or made by the provider. */
  async function refundedRequest(local: string, outcome: 'refused' | 'made') {
    const who = await t.applicant({ email: `${local}.by-hand@example.org`, firstName: local });
    const practiceId = await readyDraft(t.app, who);
    const session = await checkout(t.app, who, practiceId);
    await provider.pay(session.checkout_url, 'paid');
    await provider.deliver();
    const closed = await as(secretary, 'POST', `/staff/practices/${practiceId}/transitions`, {
      action: 'close',
      reason: 'Withdrawn by the applicant before the evaluation.',
    });
    expect(closed.statusCode).toBe(200);
    // Taken through another provider: the refund job refuses it (made there, by hand).
    if (outcome === 'refused')
      await t.database.db
        .updateTable('payments')
        .set({ provider: 'nexi' })
        .where('id', '=', session.payment_id)
        .execute();
    expect((await as(secretary, 'POST', `/staff/practices/${practiceId}/refund`)).statusCode).toBe(200);
    await provider.deliver();
    const refund = await t.database.db
      .selectFrom('refunds')
      .selectAll()
      .where('payment_id', '=', session.payment_id)
      .executeTakeFirstOrThrow();
    expect(refund.status).toBe(outcome === 'refused' ? 'failed' : 'succeeded');
    return { practiceId, paymentId: session.payment_id, refundId: refund.id };
  }

  it('takes the refund off the dashboard, shows it given back by hand and audits it, once', async () => {
    const { practiceId, refundId } = await refundedRequest('ada', 'refused');
    const before = await failedOnDashboard();
    expect(before.refunds.map((refund) => refund.id)).toContain(refundId);
    // The request's payments say what the provider said, as the dashboard does.
    const said = before.refunds.find((refund) => refund.id === refundId)?.failure_reason;
    expect(said).toBeTruthy();
    const refused = staffPracticeSchema.parse(
      dataOf(await as(secretary, 'GET', `/staff/practices/${practiceId}`)),
    );
    expect(refused.payments[0]?.refund).toMatchObject({
      status: 'failed',
      given_back_at: null,
      failure_reason: said,
    });
    const fiscalBefore = await t.database.db.selectFrom('fiscal_documents').select('id').execute();

    clock.advance({ minutes: 1 });
    const marked = await markGivenBack(secretary, refundId);
    expect(marked.statusCode).toBe(200);
    const givenBackAt = clock.now().toISOString();
    expect(refundSchema.parse(dataOf(marked))).toMatchObject({
      id: refundId,
      status: 'failed',
      given_back_at: givenBackAt,
      credit_note_number: null,
    });

    const after = await failedOnDashboard();
    expect(after.count).toBe(before.count - 1);
    expect(after.refunds.map((refund) => refund.id)).not.toContain(refundId);
    const workspace = staffPracticeSchema.parse(
      dataOf(await as(secretary, 'GET', `/staff/practices/${practiceId}`)),
    );
    expect(workspace.payments[0]?.refund).toMatchObject({ status: 'failed', given_back_at: givenBackAt });
    const entries = (await auditOf(t.database, practiceId)).filter(
      (entry) => entry.action === 'refund_given_back_by_hand',
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      by_user_id: secretary.id,
      from_status: 'closed',
      to_status: 'closed',
    });
    expect(workspace.history.filter((entry) => entry.action === 'refund_given_back_by_hand')).toMatchObject([
      { by: { id: secretary.id }, details: { refund_id: refundId, amount_total: 15_000, provider: 'nexi' } },
    ]);
    // Made in the provider's dashboard: its credit note is the accountant's, as for every such refund.
    expect(await t.database.db.selectFrom('fiscal_documents').select('id').execute()).toEqual(fiscalBefore);

    // Asked again, by another member of staff: the same answer, nothing more written.
    clock.advance({ minutes: 1 });
    const again = await markGivenBack(admin, refundId);
    expect(again.statusCode).toBe(200);
    expect(refundSchema.parse(dataOf(again)).given_back_at).toBe(givenBackAt);
    const row = await t.database.db
      .selectFrom('refunds')
      .select(['given_back_by', 'given_back_at'])
      .where('id', '=', refundId)
      .executeTakeFirstOrThrow();
    expect(row.given_back_by).toBe(secretary.id);
    expect(
      (await auditOf(t.database, practiceId)).filter((entry) => entry.action === 'refund_given_back_by_hand'),
    ).toHaveLength(1);
    expect((await failedOnDashboard()).count).toBe(after.count);
  });

  it('refuses a refund the provider made (409), one that is not there (404), and an id that is none (422)', async () => {
    const { refundId } = await refundedRequest('bea', 'made');
    const made = await markGivenBack(secretary, refundId);
    expect(made.statusCode).toBe(409);
    expect(made.json()).toMatchObject({ code: 'REFUND_NOT_FAILED' });
    expect(
      (
        await t.database.db
          .selectFrom('refunds')
          .select('given_back_at')
          .where('id', '=', refundId)
          .executeTakeFirstOrThrow()
      ).given_back_at,
    ).toBeNull();

    const missing = await markGivenBack(secretary, 999_999);
    expect(missing.statusCode).toBe(404);

    const invalid = await markGivenBack(secretary, 'abc');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { id: expect.any(Array) } });
  });

  it('is only for who may refund: an evaluator is refused (403) and the refund stays listed', async () => {
    const { refundId } = await refundedRequest('cleo', 'refused');
    const refused = await markGivenBack(evaluator, refundId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN_ACCESS' });
    expect((await failedOnDashboard()).refunds.map((refund) => refund.id)).toContain(refundId);
  });
});
