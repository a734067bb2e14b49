// The proof of issue #12: three instances behind nginx on one PostgreSQL, one object store, one
// Redis and one set of keys; any call may land on any instance (decision 045).
import { createHash } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { call, dataOf, expectStatus, newAddress, type Caller } from './client';
import { startCluster, waitFor, type Cluster } from './harness';

const PORT = Number(process.env.CLUSTER_PORT ?? 3400);
const PAYERS = Number(process.env.CLUSTER_PAYERS ?? 200);
const RUSH_PASSWORD = 'Rush#Hour2026';
const STAFF_PASSWORD = 'Lisbon#Demo-Staff-2026';
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 7), Buffer.from('\n%%EOF\n')]);
const BILLING = {
  entity_type: 'individual',
  first_name: 'Ada',
  last_name: 'Lovelace',
  address: 'Via Roma 1',
  city: 'Bologna',
  zip_code: '40100',
  province: 'BO',
  country: 'FR',
};
const ASSESSMENT = {
  classification: 'EQF level 6 – first-cycle degree',
  awarding_institution: 'Universidade de São Paulo',
  award_year: 2019,
  country_of_studies: 'BR',
  qualification_type: 'Bachelor',
  qualification_name: 'Bacharel em Ciências Biológicas',
  duration: '4 years full time',
};

const log = (message: string) => console.log(`[cluster] ${message}`);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`check failed: ${message}`);
}

async function logIn(
  cluster: Cluster,
  email: string,
  password: string,
  totpSecret?: string,
): Promise<Caller> {
  const who: Caller = { address: newAddress() };
  const session = dataOf<{ access_token: string }>(
    expectStatus(
      await call(cluster.url, who, 'POST', '/api/v1/auth', { json: { email, password } }),
      200,
      `log in ${email}`,
    ),
  );
  who.token = session.access_token;
  if (totpSecret) {
    const code = new TOTP({ secret: Secret.fromBase32(totpSecret) }).generate();
    // Passing the second factor answers a new token: the first step's no longer works.
    who.token = dataOf<{ access_token: string }>(
      expectStatus(
        await call(cluster.url, who, 'POST', '/api/v1/auth/2fa', { json: { code } }),
        200,
        `2fa ${email}`,
      ),
    ).access_token;
  }
  return who;
}

async function draftOf(cluster: Cluster, who: Caller): Promise<number> {
  const list = dataOf<{ id: number; status: string }[]>(
    expectStatus(await call(cluster.url, who, 'GET', '/api/v1/practices?perPage=50'), 200, 'my requests'),
  );
  const draft = list.find((practice) => practice.status === 'draft');
  check(draft, 'the applicant has a draft ready to pay');
  return draft.id;
}

async function pay(cluster: Cluster, who: Caller, practiceId: number): Promise<number> {
  // A checkout cut by the kill leaves a payment being prepared: the portal says "try again in a
  // moment" (409) until its grace ends, and the payer tries again, as the message asks.
  let answer = await call(cluster.url, who, 'POST', `/api/v1/practices/${practiceId}/checkout`, {
    json: { billing: BILLING },
  });
  for (let waited = 0; answer.status === 409 && waited < 90_000; waited += 5000) {
    check(
      (answer.body as { code?: string }).code === 'PAYMENT_IN_PROGRESS',
      'a 409 is a payment in progress',
    );
    await new Promise((resolve) => setTimeout(resolve, 5000));
    answer = await call(cluster.url, who, 'POST', `/api/v1/practices/${practiceId}/checkout`, {
      json: { billing: BILLING },
    });
  }
  const checkout = dataOf<{ payment_id: number; checkout_url: string }>(
    expectStatus(answer, 200, 'checkout'),
  );
  const form = new URLSearchParams({
    card_number: '4242 4242 4242 4242',
    expiry: '12/30',
    cvc: '123',
    holder: 'Ada Lovelace',
  });
  const paid = await call(cluster.url, who, 'POST', new URL(checkout.checkout_url).pathname, {
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  check(
    paid.status === 303 || paid.status === 200 || paid.status === 409,
    `sandbox payment answered ${paid.status}`,
  );
  return checkout.payment_id;
}

async function journey(cluster: Cluster, staff: Record<string, Caller>, staffIds: Record<string, number>) {
  const applicant = await logIn(cluster, 'cluster-0001@bench.example.org', RUSH_PASSWORD);
  const practiceId = await draftOf(cluster, applicant);
  const paymentId = await pay(cluster, applicant, practiceId);
  await waitFor(
    async () =>
      dataOf<{ status: string }>(await call(cluster.url, applicant, 'GET', `/api/v1/payments/${paymentId}`))
        .status === 'succeeded',
    'the journey payment to settle',
  );
  log(`journey: request ${practiceId} paid and submitted`);
  const move = async (who: Caller, payload: object) =>
    expectStatus(
      await call(cluster.url, who, 'POST', `/api/v1/staff/practices/${practiceId}/transitions`, {
        json: payload,
      }),
      200,
      JSON.stringify(payload),
    );
  expectStatus(
    await call(cluster.url, staff.secretary!, 'POST', '/api/v1/staff/practices/assign', {
      json: { practice_ids: [practiceId], evaluator_id: staffIds.evaluator, reviewer_id: staffIds.reviewer },
    }),
    200,
    'assign',
  );
  await move(staff.evaluator!, { action: 'start' });
  expectStatus(
    await call(cluster.url, staff.evaluator!, 'PUT', `/api/v1/staff/practices/${practiceId}/assessment`, {
      json: ASSESSMENT,
    }),
    200,
    'assessment',
  );
  await move(staff.evaluator!, { action: 'send_in_review' });
  await move(staff.reviewer!, { action: 'conclude_review' });
  await move(staff.reviewer!, { action: 'mark_ready_for_issue' });
  await move(staff.admin!, { action: 'publish' });
  let certificateId = '';
  await waitFor(async () => {
    const statement = dataOf<{ status: string; certificate_id: string | null }>(
      await call(cluster.url, applicant, 'GET', `/api/v1/practices/${practiceId}/statement`),
    );
    certificateId = statement.certificate_id ?? '';
    return statement.status === 'published';
  }, 'the statement to be published');
  const pdf = expectStatus(
    await call(cluster.url, applicant, 'GET', `/api/v1/practices/${practiceId}/statement/pdf`),
    200,
    'download the statement',
  ).raw;
  log(`journey: statement ${certificateId} published and downloaded (${pdf.length} bytes)`);

  // A visitor checks the file: valid through every instance.
  const verifiedBy = new Set<string>();
  for (let attempt = 0; attempt < 12 && verifiedBy.size < cluster.instances.length; attempt += 1) {
    const form = new FormData();
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'statement.pdf');
    const visitor: Caller = { address: newAddress() };
    const answer = expectStatus(
      await call(cluster.url, visitor, 'POST', `/api/v1/verify/${certificateId}`, { body: form }),
      200,
      'verify',
    );
    const { result } = dataOf<{ result: string }>(answer);
    check(result === 'valid', `verification through ${answer.instance} answered ${result}`);
    verifiedBy.add(answer.instance);
  }
  check(
    verifiedBy.size === cluster.instances.length,
    `valid through every instance (got ${[...verifiedBy].join(', ')})`,
  );
  log(`journey: the statement verifies valid through ${[...verifiedBy].sort().join(', ')}`);
}

async function documentsAcrossInstances(cluster: Cluster) {
  const applicant = await logIn(cluster, 'cluster-0002@bench.example.org', RUSH_PASSWORD);
  const form = new FormData();
  form.append('type', 'diploma');
  form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'diploma.pdf');
  const uploaded = expectStatus(
    await call(cluster.url, applicant, 'POST', '/api/v1/documents', { body: form }),
    201,
    'upload',
  );
  const { id } = dataOf<{ id: number }>(uploaded);
  const servedBy = new Set<string>();
  for (let attempt = 0; attempt < 12 && servedBy.size < cluster.instances.length; attempt += 1) {
    const download = expectStatus(
      await call(cluster.url, applicant, 'GET', `/api/v1/documents/${id}/download`),
      200,
      'download',
    );
    check(
      sha256(download.raw) === sha256(PDF),
      `the bytes downloaded through ${download.instance} are the uploaded ones`,
    );
    servedBy.add(download.instance);
  }
  servedBy.delete(uploaded.instance);
  check(
    servedBy.size === cluster.instances.length - 1,
    `downloaded through every other instance (got ${[...servedBy].join(', ')})`,
  );
  log(
    `documents: uploaded through ${uploaded.instance}, the same bytes downloaded through ${[...servedBy].sort().join(', ')}`,
  );
}

/**
 * Decision 076: each instance keeps the sessions it has seen in memory; a logout through one
 * instance must stop the token on every other instance as the database's notice arrives.
 */
async function logoutAcrossInstances(cluster: Cluster) {
  const applicant = await logIn(cluster, 'cluster-0002@bench.example.org', RUSH_PASSWORD);
  const me = dataOf<{ id: number }>(
    expectStatus(await call(cluster.url, applicant, 'GET', '/api/v1/auth/me'), 200, 'me'),
  );
  const poll = `/api/v1/users/${me.id}/notifications`;
  const direct = cluster.instances.map((instance) => `http://127.0.0.1:${instance.port}`);
  // Each instance answers the poll twice, so each keeps the session.
  for (const url of direct) {
    for (let round = 0; round < 2; round += 1)
      expectStatus(await call(url, applicant, 'GET', poll), 200, `poll ${url}`);
  }
  const loggedOut = expectStatus(
    await call(cluster.url, applicant, 'POST', '/api/v1/auth/logout', { json: { cause: 'user' } }),
    204,
    'logout',
  );
  const started = Date.now();
  const refusedAfter: Record<string, number> = {};
  await Promise.all(
    cluster.instances.map(async (instance, index) => {
      await waitFor(
        async () => (await call(direct[index]!, applicant, 'GET', poll)).status === 401,
        `${instance.id} to refuse the logged-out token`,
        5000,
      );
      refusedAfter[instance.id] = Date.now() - started;
    }),
  );
  log(
    `sessions: logged out through ${loggedOut.instance}; refused by ${Object.entries(refusedAfter)
      .map(([id, ms]) => `${id} after ${ms} ms`)
      .join(', ')}`,
  );
}

async function rushWithAKill(cluster: Cluster) {
  const emails = Array.from(
    { length: PAYERS },
    (_, index) => `cluster-${String(index + 3).padStart(4, '0')}@bench.example.org`,
  );
  const payers = await Promise.all(emails.map((email) => logIn(cluster, email, RUSH_PASSWORD)));
  const drafts = await Promise.all(payers.map((who) => draftOf(cluster, who)));
  log(
    `rush: ${PAYERS} payers logged in, each with a draft; paying at once, killing ${cluster.instances[1]!.id} halfway`,
  );
  let done = 0;
  const victim = cluster.instances[1]!;
  let restarted: Promise<void> | null = null;
  await Promise.all(
    payers.map(async (who, index) => {
      await pay(cluster, who, drafts[index]!);
      done += 1;
      if (done === Math.floor(PAYERS / 2) && !restarted) {
        cluster.kill(victim);
        log(`rush: ${victim.id} killed with SIGKILL after ${done} payments`);
        restarted = new Promise((resolve) => setTimeout(resolve, 1500)).then(() => cluster.start(victim));
      }
    }),
  );
  if (restarted) await restarted;
  log(`rush: every payer went through; ${victim.id} is back`);
  await waitFor(
    async () => {
      const [row] = await cluster.query<{ count: string }>(
        `select count(*) from payments where status = 'succeeded'`,
      );
      return Number(row?.count) === PAYERS + 1;
    },
    'every payment to be settled',
    180_000,
  );
  const [row] = await cluster.query<Record<string, string | number>>(`
    select
      (select count(*) from payments where status = 'succeeded') as payments,
      (select count(*) from payments where status = 'pending') as payments_pending,
      (select count(*) from fiscal_documents where kind = 'invoice') as invoices,
      (select count(*) from fiscal_documents where kind = 'receipt') as receipts,
      (select max(sequence) from fiscal_documents where kind = 'invoice') as last_invoice,
      (select max(sequence) from fiscal_documents where kind = 'receipt') as last_receipt,
      (select count(distinct practice_id) from payments where status = 'succeeded') as paid_practices,
      (select count(*) from practices where paid_at is not null) as submitted
  `);
  // count() comes back as text (bigint), max() as a number: compare them all as text.
  const books = Object.fromEntries(Object.entries(row ?? {}).map(([key, value]) => [key, String(value)]));
  log(`rush: books ${JSON.stringify(books)}`);
  const expected = String(PAYERS + 1);
  check(books.payments === expected, `payments succeeded = ${expected}`);
  check(
    books.invoices === expected && books.receipts === expected,
    'one invoice and one receipt per payment',
  );
  check(
    books.last_invoice === expected && books.last_receipt === expected,
    'invoice and receipt numbers 1..N with no gap',
  );
  check(
    books.paid_practices === expected && books.submitted === expected,
    'one submitted request per payment, no duplicate',
  );

  // Every mail the payments asked for goes out once, the killed instance's included.
  await waitFor(
    async () => {
      const [jobs] = await cluster.query<{ count: string }>(
        `select count(*) from jobs where name = 'send-mail' and status in ('pending', 'running')`,
      );
      return Number(jobs?.count) === 0;
    },
    'the mail outbox to drain',
    120_000,
  );
  const [failed] = await cluster.query<{ count: string }>(
    `select count(*) from jobs where status = 'failed'`,
  );
  check(Number(failed?.count) === 0, `no job failed (${failed?.count})`);
  const subjectsOf = new Map<string, string[]>();
  for (const mail of cluster.mails) {
    const to = /^To: .*?(cluster-\d{4}@bench\.example\.org)/im.exec(mail)?.[1];
    const subject = /^Subject: (.*)$/im.exec(mail)?.[1]?.trim();
    if (to && subject) subjectsOf.set(to, [...(subjectsOf.get(to) ?? []), subject]);
  }
  for (const email of emails) {
    const subjects = subjectsOf.get(email) ?? [];
    check(subjects.length > 0, `${email} got mail after paying`);
    check(new Set(subjects).size === subjects.length, `${email} got no mail twice: ${subjects.join(' | ')}`);
  }
  log(`rush: every payer got their mails once (${cluster.mails.length} mails in all)`);
}

async function main() {
  const started = Date.now();
  const cluster = await startCluster({
    size: 3,
    basePort: PORT,
    // The test client stands for many people: it sends each one's address, as a CDN in front of
    // nginx would, so per-address limits count them apart (production: TRUST_PROXY=1).
    extraEnv: { TRUST_PROXY: '2' },
  });
  try {
    log(
      `nginx on ${cluster.url} → ${cluster.instances.map((instance) => `${instance.id}:${instance.port}`).join(', ')}`,
    );
    const demo = await cluster.cli(['demo:staff']);
    const secrets = Object.fromEntries(
      [...demo.matchAll(/^(\w+)\s+(\S+@\S+)\s+TOTP secret ([A-Z2-7]+)$/gm)].map((match) => [
        match[1],
        { email: match[2]!, secret: match[3]! },
      ]),
    );
    const staff: Record<string, Caller> = {};
    const staffIds: Record<string, number> = {};
    for (const role of ['secretary', 'evaluator', 'reviewer', 'admin']) {
      const account = secrets[role];
      check(account, `demo:staff made a ${role}`);
      staff[role] = await logIn(cluster, account.email, STAFF_PASSWORD, account.secret);
      staffIds[role] = dataOf<{ id: number }>(
        await call(cluster.url, staff[role], 'GET', '/api/v1/auth/me'),
      ).id;
    }
    await cluster.cli(['demo:rush-drafts', '--count', String(PAYERS + 2), '--prefix', 'cluster']);

    await journey(cluster, staff, staffIds);
    await documentsAcrossInstances(cluster);
    await logoutAcrossInstances(cluster);
    await rushWithAKill(cluster);
    const audit = await cluster.cli(['ledger:verify']);
    check(audit.startsWith('Ledger OK'), audit);
    log(audit.trim());
    log(`PASSED in ${Math.round((Date.now() - started) / 1000)} s`);
  } catch (error) {
    for (const instance of cluster.instances)
      console.error(`--- ${instance.id} log (tail)\n${instance.log.slice(-2000)}`);
    console.error(`--- nginx error log (tail)\n${cluster.balancerErrors()}`);
    throw error;
  } finally {
    await cluster.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
