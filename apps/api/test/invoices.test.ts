import { pdfText, pdfTextBoxes } from './pdf';
import { fiscalDocumentSchema } from '@lisbon/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import type { Worker } from '../src/platform/jobs/worker';
import { useTestApp, createTestWorker, isPostgresRun } from './helper';
import {
  BILLING,
  callAs,
  CARDS,
  checkout,
  dataOf,
  payOnSandbox,
  postWebhook,
  readyDraft,
  sessionIdOf,
  signedWebhook,
  type Payer,
} from './payments';

let call: ReturnType<typeof callAs>;
let worker: Worker;
// Friday 2 January 2026, 10:00 in Rome.
const clock = new ManualClock('2026-01-02T09:00:00Z');

const t = useTestApp({ clock });
beforeAll(async () => {
  call = callAs(t.app);
  worker = createTestWorker(t.database, { clock, app: t.app });
});

async function paidPayment(who: Payer) {
  const practiceId = await readyDraft(t.app, who);
  const session = await checkout(t.app, who, practiceId);
  await payOnSandbox(t.app, session.checkout_url, CARDS.success);
  await worker.drainOnce();
  return { practiceId, ...session };
}

const documentsOf = async (who: Payer, query = '') =>
  (dataOf<unknown[]>(await call(who, 'GET', `/invoices${query}`)) ?? []).map((item) =>
    fiscalDocumentSchema.parse(item),
  );

describe('invoices and receipts', () => {
  let ada: Payer;
  let bob: Payer;

  beforeAll(async () => {
    ada = await t.applicant({ email: 'ada@example.org', firstName: 'Àda' });
    bob = await t.applicant({ email: 'bob@example.org' });
  });

  it('lists the owner’s invoices and receipts, filtered by kind', async () => {
    const paid = await paidPayment(ada);
    const all = await documentsOf(ada, '?sort=id');
    expect(all.map((document) => document.kind)).toEqual(['invoice', 'receipt']);
    expect(all.every((document) => document.payment_id === paid.payment_id)).toBe(true);
    const receipts = await call(ada, 'GET', '/invoices?kind=receipt');
    expect(receipts.json()).toMatchObject({
      meta: { page: 1, total: 1 },
      data: [{ kind: 'receipt', number: '2026/000001' }],
    });
    expect(await documentsOf(bob)).toEqual([]);
  });

  it('shows one only to its owner: anyone else gets 404, as for an id that does not exist', async () => {
    const [invoice] = await documentsOf(ada);
    if (!invoice) throw new Error('no invoice');
    expect(dataOf(await call(ada, 'GET', `/invoices/${invoice.id}`))).toEqual(invoice);
    expect((await call(bob, 'GET', `/invoices/${invoice.id}`)).statusCode).toBe(404);
    expect((await call(bob, 'GET', `/invoices/${invoice.id}/pdf`)).statusCode).toBe(404);
    expect((await call(ada, 'GET', '/invoices/99999')).statusCode).toBe(404);
    expect((await call(undefined, 'GET', `/invoices/${invoice.id}`)).statusCode).toBe(401);
  });

  it('says what each was paid for as facts, the request and its service, for any language to word', async () => {
    const [invoice, receipt] = await documentsOf(ada, '?sort=id');
    if (!invoice || !receipt) throw new Error('no documents');
    const practiceId = invoice.description.match(/^Request no\. (\d+):/)?.[1];
    const practice = dataOf<{ id: number; service: string; is_urgent: boolean }>(
      await call(ada, 'GET', `/practices/${practiceId}`),
    );
    const subject = {
      kind: 'request',
      practice_id: practice.id,
      service: practice.service,
      is_urgent: practice.is_urgent,
    };
    expect(invoice.subject).toEqual(subject);
    expect(receipt.subject).toEqual(subject);
  });

  it('downloads a PDF that carries the number, the payer, the body and the VAT breakdown', async () => {
    const [invoice] = await documentsOf(ada, '?kind=invoice');
    if (!invoice) throw new Error('no invoice');
    const response = await call(ada, 'GET', `/invoices/${invoice.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    // A file like every other the API sends (sendPrivateFile): its name in both forms (RFC 6266),
    // its length, kept by no cache, never sniffed, opened in a sandbox (decision 058).
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="fattura-invoice-2026-000001.pdf"; filename*=UTF-8''fattura-invoice-2026-000001.pdf`,
    );
    expect(response.headers['content-length']).toBe(String(response.rawPayload.byteLength));
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Fattura n. 2026/000001 / Invoice no. 2026/000001');
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('Demo Evaluation Centre (DEMO)');
    expect(text).toContain('DEMO — dati dell’ente di esempio, senza valore fiscale');
    expect(text).toContain('Corrispondenza e verifica');
    expect(text).toContain('IVA 22%');
    expect(text).toMatch(/122,95\s€/);
    expect(text).toMatch(/27,05\s€/);
    expect(text).toMatch(/150,00\s€/);
  });

  it('keeps every line of the invoice and the receipt inside the page, the demo notice included', async () => {
    for (const kind of ['invoice', 'receipt'] as const) {
      const [document] = await documentsOf(ada, `?kind=${kind}`);
      if (!document) throw new Error(`no ${kind}`);
      const response = await call(ada, 'GET', `/invoices/${document.id}/pdf`);
      expect(response.statusCode).toBe(200);
      const pages = await pdfTextBoxes(response.rawPayload);
      const overflowing = pages.flatMap(({ pageWidth, items }) =>
        items.filter((item) => item.x < 0 || item.x + item.width > pageWidth - 40).map((item) => item.text),
      );
      expect(overflowing).toEqual([]);
      expect(await pdfText(response.rawPayload)).toMatch(/not\s+a\s+valid\s+fiscal\s+document/);
    }
  });

  it('renders a PDF on demand when the rendering job has not run yet, and keeps Italian letters', async () => {
    const practiceId = await readyDraft(t.app, bob);
    const session = await checkout(t.app, bob, practiceId, {
      ...BILLING,
      last_name: 'Niccolò',
      city: 'Forlì',
    });
    await payOnSandbox(t.app, session.checkout_url, CARDS.success);
    // Settled by the return page, with the rendering jobs still queued.
    await call(bob, 'GET', `/payments/${session.payment_id}`);
    const [receipt] = await documentsOf(bob, '?kind=receipt');
    if (!receipt) throw new Error('no receipt');
    const keyBefore = await t.database.db
      .selectFrom('fiscal_documents')
      .select('storage_key')
      .where('id', '=', receipt.id)
      .executeTakeFirstOrThrow();
    expect(keyBefore.storage_key).toBeNull();
    const response = await call(bob, 'GET', `/invoices/${receipt.id}/pdf`);
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain(`Ricevuta n. ${receipt.number} / Receipt no. ${receipt.number}`);
    expect(text).toContain('Si dichiara di aver ricevuto il pagamento di 150,00 €.');
    expect(text).toContain('Ada Niccolò');
    expect(text).toContain('40100 Forlì (BO)');
    // The job then finds the PDF already stored and leaves it.
    const stored = await t.database.db
      .selectFrom('fiscal_documents')
      .select('storage_key')
      .where('id', '=', receipt.id)
      .executeTakeFirstOrThrow();
    expect(stored.storage_key).toMatch(/^[0-9a-f]{32}$/);
    await worker.drainOnce();
    const after = await t.database.db
      .selectFrom('fiscal_documents')
      .select('storage_key')
      .where('id', '=', receipt.id)
      .executeTakeFirstOrThrow();
    expect(after.storage_key).toBe(stored.storage_key);
    const again = await call(bob, 'GET', `/invoices/${receipt.id}/pdf`);
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
  });
});

describe('numbering under concurrent settlements', () => {
  const PAYERS = 12;
  it('gives N parallel webhooks (each delivered twice) the numbers after the last, with no gap and no duplicate', async () => {
    const before = await t.database.db.selectFrom('fiscal_counters').selectAll().execute();
    const start = (kind: string) => before.find((row) => row.kind === kind)?.value ?? 0;
    const payers = await Promise.all(
      Array.from({ length: PAYERS }, (_, index) => t.applicant({ email: `rush${index}@example.org` })),
    );
    const sessions = [];
    for (const who of payers) {
      const practiceId = await readyDraft(t.app, who);
      const session = await checkout(t.app, who, practiceId);
      expect((await payOnSandbox(t.app, session.checkout_url, CARDS.success)).statusCode).toBe(303);
      sessions.push({
        who,
        practiceId,
        ...session,
        sessionId: await sessionIdOf(t.database, session.payment_id),
      });
    }
    const apps = [t.app];
    // On PostgreSQL a second instance (its own pool) takes half of the calls, as behind a load balancer.
    if (isPostgresRun) {
      const db = t.database.openConnection();
      // Closed after the instance on it (the harness closes in reverse order).
      t.onClose(() => db.destroy());
      apps.push(await t.instance({ db }));
    }
    const events = await t.database.db
      .selectFrom('sandbox_events')
      .select(['id', 'session_id', 'type'])
      .execute();
    const deliveries = sessions.flatMap((session, index) => {
      const event = events.find((row) => row.session_id === session.sessionId);
      if (!event) throw new Error('no sandbox event');
      const webhook = signedWebhook(t.database, clock, {
        id: event.id,
        type: event.type,
        sessionId: session.sessionId,
      });
      return [0, 1].map((copy) => postWebhook(apps[(index + copy) % apps.length] ?? t.app, webhook));
    });
    const answers = await Promise.all(deliveries);
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    expect(answers.filter((answer) => dataOf<{ duplicate: boolean }>(answer).duplicate)).toHaveLength(PAYERS);

    const documents = await t.database.db
      .selectFrom('fiscal_documents')
      .select(['kind', 'sequence', 'number', 'payment_id'])
      .where(
        'payment_id',
        'in',
        sessions.map((session) => session.payment_id),
      )
      .execute();
    for (const kind of ['invoice', 'receipt']) {
      const sequences = documents
        .filter((row) => row.kind === kind)
        .map((row) => row.sequence)
        .sort((a, b) => a - b);
      expect(sequences).toEqual(Array.from({ length: PAYERS }, (_, index) => start(kind) + index + 1));
    }
    expect(new Set(documents.map((row) => `${row.kind}:${row.payment_id}`)).size).toBe(PAYERS * 2);
    const practices = await t.database.db
      .selectFrom('practices')
      .select(['status', 'paid_at'])
      .where(
        'id',
        'in',
        sessions.map((session) => session.practiceId),
      )
      .execute();
    expect(practices.every((row) => row.status === 'unassigned' && row.paid_at !== null)).toBe(true);
  });
});
