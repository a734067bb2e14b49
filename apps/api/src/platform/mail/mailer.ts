import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { MailMessage } from './message';

/**
 * Which message a send is, the same on every run of its job (decision 101): `id` names it, and
 * `repeated` says an earlier run may have sent it before its worker died.
 */
export type Delivery = { id: string; repeated: boolean };

/** The mail port: one message out, or an error (the send-mail job then retries). */
export type Mailer = {
  send(message: MailMessage, delivery?: Delivery): Promise<void>;
  close(): void;
};

export type MailerOptions = {
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>;
  clock: Clock;
  log: FastifyBaseLogger;
};

/** Orders the files of one process even when the clock stands still (tests). */
let sequence = 0;

/** The domain of the sender's address, for the message's id (RFC 5322 §3.6.4). */
const domainOf = (from: string): string => /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';

const envelope = (message: MailMessage, from: string, delivery: Delivery | undefined) => ({
  from,
  // The same on every send of the message: a mail system that receives it twice (a crash between
  // the send and the job's end) recognises one message.
  ...(delivery ? { messageId: `<${delivery.id}@${domainOf(from)}>` } : {}),
  to: message.to,
  subject: message.subject,
  text: message.text,
  html: message.html,
  headers: {
    'Content-Language': message.locale,
    'X-Lisbon-Mail': message.kind,
    ...(message.unsubscribeUrl ? { 'List-Unsubscribe': `<${message.unsubscribeUrl}>` } : {}),
  },
});

/**
 * The SMTP transport's options: an `smtp://` URL that logs in (a user in it) requires STARTTLS, so
 * the relay's password never crosses in clear; `?requireTLS=false` in the URL says otherwise, for
 * a relay on the same host. `smtps://` is TLS from the start.
 */
export function smtpOptionsOf(url: string): SMTPTransport.Options {
  const logsIn = new URL(url).username !== '';
  return url.startsWith('smtp://') && logsIn ? { url, requireTLS: true } : { url };
}

/** SMTP when `SMTP_URL` is set; otherwise each message becomes an RFC 822 `.eml` file in `DATA_DIR/mail/`. */
export function createMailer({ config, clock, log }: MailerOptions): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(smtpOptionsOf(config.smtpUrl));
    return {
      async send(message, delivery) {
        // SMTP cannot say whether the run that died had sent it: sent again, with the same
        // Message-ID (decision 101).
        await transport.sendMail(envelope(message, config.mailFrom, delivery));
        log.info({ mail: message.kind, repeated: delivery?.repeated ?? false }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }

  const directory = join(config.dataDir, 'mail');
  // The stream transport builds the very bytes SMTP would carry, so the file opens in any mail client.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  /** Messages being written by this process, by id: a run that took over a run still going waits for it. */
  const writing = new Map<string, Promise<void>>();
  async function writeOnce(message: MailMessage, delivery: Delivery | undefined): Promise<void> {
    const earlier = delivery ? writing.get(delivery.id) : undefined;
    if (!delivery || earlier === undefined) return write(message, delivery);
    await earlier.catch(() => undefined);
    return write(message, { ...delivery, repeated: true });
  }
  return {
    async send(message, delivery) {
      const run = writeOnce(message, delivery);
      if (delivery) writing.set(delivery.id, run);
      try {
        await run;
      } finally {
        if (delivery && writing.get(delivery.id) === run) writing.delete(delivery.id);
      }
    },
    close: () => transport.close(),
  };

  async function write(message: MailMessage, delivery: Delivery | undefined): Promise<void> {
    // Mails hold activation and reset links: owner-only.
    await mkdir(directory, { recursive: true, mode: 0o700 });
    // A run after a worker died may follow its write: the file, named by the message's id, is there.
    if (delivery?.repeated) {
      const written = (await readdir(directory)).find((name) => name.includes(`-${delivery.id}-`));
      if (written) {
        log.info({ mail: message.kind, file: written }, 'mail already written to file');
        return;
      }
    }
    const info = await transport.sendMail(envelope(message, config.mailFrom, delivery));
    const stamp = clock.now().toISOString().replace(/[:.]/g, '-');
    sequence += 1;
    const unique = `${String(sequence).padStart(6, '0')}-${delivery?.id ?? randomBytes(4).toString('hex')}`;
    const file = join(directory, `${stamp}-${unique}-${message.kind}.eml`);
    // Written whole under another name, then renamed: a file named by the message is all of it.
    // The next run writes a partial file its worker left over again.
    const partial = join(directory, `.${delivery?.id ?? unique}.partial`);
    // The stream transport with `buffer: true` hands the message over as a Buffer.
    await writeFile(partial, info.message as Buffer, { mode: 0o600 });
    await rename(partial, file);
    // The file's name only: the link inside is a credential, and logs are read by more people than
    // the owner-only mail folder (decision 083).
    log.info({ mail: message.kind, file }, 'mail written to file');
  }
}
