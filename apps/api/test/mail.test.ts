import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { REPO_ROOT } from '../src/platform/config';
import { createMailer, type Mailer } from '../src/platform/mail/mailer';
import { useTestApp, createTestWorker, testConfig } from './helper';
import { createUser } from './identity';
import { logLines } from './log-lines';
import { linkToken, parseMail, readMailFiles, type ReadMail } from './mail';

const clock = new ManualClock();
const t = useTestApp({ clock, env: { PUBLIC_URL: 'https://lisbon.example.org' } });

const forgot = (email: string, remoteAddress = '192.0.2.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email }, remoteAddress });

/** A real SMTP server in this process; it keeps what it receives. */
async function startSmtpServer(
  port = 0,
): Promise<{ port: number; received: ReadMail[]; close(): Promise<void> }> {
  const received: ReadMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(parseMail(Buffer.concat(chunks).toString('utf8')));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('mail written to files (no SMTP_URL)', () => {
  it('writes a real RFC 822 message and logs its file, never its link or its address', async () => {
    const { lines, entries, stream } = logLines();
    const log = pino({ level: 'info' }, stream);
    const worker = createTestWorker(t.database, {
      clock,
      env: { PUBLIC_URL: 'https://lisbon.example.org' },
      mailer: createMailer({ config: testConfig(t.database), clock, log }),
    });
    await createUser(t.database, clock, { email: 'file@example.org', firstName: 'Rita' });
    await forgot('file@example.org');
    // The request's work, then its mail.
    expect(await worker.drainOnce()).toBe(2);

    const [mail] = readMailFiles(t.database.tempDir);
    expect(mail).toMatchObject({ to: 'file@example.org', kind: 'password-reset', language: 'en-US' });
    expect(mail?.subject).toBe('Lisbon – Set a new password');
    expect(mail?.text).toContain('Hello Rita,');
    expect(mail?.text).toContain('within 60 minutes');
    const link = `https://lisbon.example.org/auth/reset-password/${linkToken(mail!, 'reset-password')}`;
    expect(mail?.html).toContain(`href="${link}"`);

    const entry = entries().find((e) => e.msg === 'mail written to file');
    expect(entry).toMatchObject({ level: 30, mail: 'password-reset' });
    // The link is a credential: it stays in the owner-only `.eml` (decision 083).
    expect(lines.join('\n')).not.toContain(linkToken(mail!, 'reset-password'));
    expect(lines.join('\n')).not.toContain('file@example.org');
    // Mails carry activation and reset links; the database holds password hashes: owner-only, both.
    const mailDir = join(t.database.tempDir, 'mail');
    expect(statSync(mailDir).mode & 0o777).toBe(0o700);
    for (const file of readdirSync(mailDir)) expect(statSync(join(mailDir, file)).mode & 0o777).toBe(0o600);
    if (t.database.databaseConfig.dialect === 'sqlite')
      expect(statSync(t.database.databaseConfig.path).mode & 0o777).toBe(0o600);
  });
});

/**
 * What `kill -9` leaves when it lands between a mail's send and its job's end: the mailer has
 * sent, the job's row is still `running`, its lease lapses. The run then is made to throw after
 * its send, and the row put back as the dead worker leaves it; the next worker takes it over.
 */
async function sendThenDie(mailer: Mailer, email: string, remoteAddress: string): Promise<void> {
  let isDying = true;
  const dying: Mailer = {
    async send(message, delivery) {
      await mailer.send(message, delivery);
      if (isDying) throw new Error('the worker died here');
    },
    close: () => mailer.close(),
  };
  await createUser(t.database, clock, { email });
  await forgot(email, remoteAddress);
  expect(await createTestWorker(t.database, { clock, mailer: dying }).drainOnce()).toBe(2);
  const lapsed = new Date(clock.now().getTime() - 1000).toISOString();
  await t.database.db
    .updateTable('jobs')
    .set({ status: 'running', locked_at: lapsed, lease_until: lapsed })
    .where('name', '=', 'send-mail')
    .execute();
  isDying = false;
  expect(await createTestWorker(t.database, { clock, mailer: dying }).drainOnce()).toBe(1);
  expect(await t.database.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
}

describe('a worker that dies between the send and the job’s end (decision 101)', () => {
  it('writes the mail’s file once: the next run finds it by the message’s id', async () => {
    const mailer = createMailer({ config: testConfig(t.database), clock, log: pino({ level: 'silent' }) });
    await sendThenDie(mailer, 'twice@example.org', '192.0.2.4');
    const files = readdirSync(join(t.database.tempDir, 'mail')).filter((name) =>
      name.endsWith('-password-reset.eml'),
    );
    const mails = readMailFiles(t.database.tempDir).filter((mail) => mail.to === 'twice@example.org');
    expect(mails).toHaveLength(1);
    const id = /^<([0-9a-f-]{36})@/.exec(mails[0]!.messageId)?.[1];
    expect(files.filter((name) => name.includes(`-${id}-`))).toHaveLength(1);
  });

  it('writes the file once when a run takes over one still writing in this process (a lease lost under load)', async () => {
    const mailer = createMailer({ config: testConfig(t.database), clock, log: pino({ level: 'silent' }) });
    const id = '7d2f5c1e-0b4a-4c4e-9d0f-3a1b2c3d4e5f';
    const message = {
      kind: 'payment-successful',
      to: 'overlap@example.org',
      locale: 'en-US' as const,
      subject: 'Payment successful',
      text: 'Paid',
      html: '<p>Paid</p>',
      messageId: id,
    };
    await Promise.all([
      mailer.send(message, { id, repeated: false }),
      mailer.send(message, { id, repeated: true }),
    ]);
    const files = readdirSync(join(t.database.tempDir, 'mail')).filter((name) => name.includes(`-${id}-`));
    expect(files).toHaveLength(1);
  });

  it('sends it again over SMTP with the same Message-ID, which the receiver recognises as one', async () => {
    const smtp = await startSmtpServer();
    try {
      const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Portale <portale@example.org>' };
      const mailer = createMailer({
        config: testConfig(t.database, env),
        clock,
        log: pino({ level: 'silent' }),
      });
      await sendThenDie(mailer, 'again@example.org', '192.0.2.5');
      expect(smtp.received.map((mail) => mail.to)).toEqual(['again@example.org', 'again@example.org']);
      const [first, second] = smtp.received;
      expect(first?.messageId).toMatch(/^<[0-9a-f-]{36}@example\.org>$/);
      expect(second?.messageId).toBe(first?.messageId);
    } finally {
      await smtp.close();
    }
  });
});

describe('mail over SMTP (SMTP_URL)', () => {
  it('reaches the trial relay docs/deploy.md suggests, a catcher that offers no STARTTLS, at the SMTP_URL it gives', async () => {
    const deploy = readFileSync(join(REPO_ROOT, 'docs', 'deploy.md'), 'utf8');
    const trial = deploy.slice(deploy.indexOf('**A trial relay**'));
    const catcherPort = /npx --yes maildev@\S+ --smtp (\d+) /.exec(trial)?.[1];
    const url = /# lisbon\.env: SMTP_URL=(smtp:\/\/\S+)/.exec(trial)?.[1] ?? '';
    expect(new URL(url).port).toBe(catcherPort);
    const catcher = await startSmtpServer();
    try {
      const at = new URL(url);
      at.port = String(catcher.port);
      await createMailer({
        config: testConfig(t.database, { SMTP_URL: at.href.replace(/\/$/, '') }),
        clock,
        log: pino({ level: 'silent' }),
      }).send({
        kind: 'password-reset',
        to: 'trial@example.org',
        locale: 'en-US',
        subject: 'Set a new password',
        text: 'Hello',
        html: '<p>Hello</p>',
      });
      expect(catcher.received).toHaveLength(1);
    } finally {
      await catcher.close();
    }
  });

  it('delivers the message to the SMTP server, in the user’s language', async () => {
    const smtp = await startSmtpServer();
    try {
      const env = {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Portale <portale@example.org>',
        PUBLIC_URL: 'https://lisbon.example.org',
      };
      await createUser(t.database, clock, {
        email: 'smtp@example.org',
        firstName: 'Giulia',
        locale: 'it-IT',
      });
      await forgot('smtp@example.org', '192.0.2.2');
      expect(await createTestWorker(t.database, { clock, env }).drainOnce()).toBe(2);
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail).toMatchObject({
        to: 'smtp@example.org',
        from: 'Portale <portale@example.org>',
        language: 'it-IT',
      });
      expect(mail?.subject).toBe('Lisbon – Imposta una nuova password');
      expect(mail?.text).toContain('Gentile Giulia,');
      expect(mail?.text).toMatch(/https:\/\/lisbon\.example\.org\/auth\/reset-password\/[A-Za-z0-9_-]{43}/);
      expect(mail?.html).toContain('Imposta una nuova password');
    } finally {
      await smtp.close();
    }
  });

  it('never gives the relay its password over a connection without TLS, unless the URL says requireTLS=false', async () => {
    const logins: string[] = [];
    let delivered = 0;
    // A relay that asks for a login and offers no STARTTLS: a password sent to it travels in clear.
    const relay = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        logins.push(auth.username ?? '');
        callback(null, { user: auth.username });
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => {
          delivered += 1;
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const { port } = relay.server.address() as AddressInfo;
    const sendThrough = (url: string) =>
      createMailer({
        config: testConfig(t.database, { SMTP_URL: url }),
        clock,
        log: pino({ level: 'silent' }),
      }).send({
        kind: 'password-reset',
        to: 'clear@example.org',
        locale: 'en-US',
        subject: 'Set a new password',
        text: 'Hello',
        html: '<p>Hello</p>',
      });
    try {
      await expect(sendThrough(`smtp://portal:relay-password@127.0.0.1:${port}`)).rejects.toThrow(/STARTTLS/);
      expect({ logins, delivered }).toEqual({ logins: [], delivered: 0 });
      await sendThrough(`smtp://portal:relay-password@127.0.0.1:${port}?requireTLS=false`);
      expect({ logins, delivered }).toEqual({ logins: ['portal'], delivered: 1 });
    } finally {
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    }
  });

  it('keeps the mail while the server is down and delivers it, once, after the backoff', async () => {
    const probe = await startSmtpServer();
    const port = probe.port;
    await probe.close();
    const env = { SMTP_URL: `smtp://127.0.0.1:${port}` };
    await createUser(t.database, clock, { email: 'later@example.org' });
    await forgot('later@example.org', '192.0.2.3');
    const worker = createTestWorker(t.database, { clock, env });
    expect(await worker.drainOnce()).toBe(2);
    const job = await t.database.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(job).toMatchObject({ name: 'send-mail', status: 'pending', attempts: 1 });
    expect(job.last_error).toMatch(/ECONNREFUSED/);

    const smtp = await startSmtpServer(port);
    try {
      expect(await worker.drainOnce()).toBe(0);
      clock.advance({ seconds: 30 });
      expect(await worker.drainOnce()).toBe(1);
      expect(await worker.drainOnce()).toBe(0);
      expect(smtp.received.map((mail) => mail.to)).toEqual(['later@example.org']);
      expect(await t.database.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
    } finally {
      await smtp.close();
    }
  });
});
