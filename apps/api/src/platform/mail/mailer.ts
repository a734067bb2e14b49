import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { MailMessage } from './message';

/** The mail port: one message out, or an error (the send-mail job then retries). */
export type Mailer = {
  send(message: MailMessage): Promise<void>;
  close(): void;
};

export type MailerOptions = {
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>;
  clock: Clock;
  log: FastifyBaseLogger;
};

/** Orders the files of one process even when the clock stands still (tests). */
let sequence = 0;

const envelope = (message: MailMessage, from: string) => ({
  from,
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

/** SMTP when `SMTP_URL` is set; otherwise each message becomes an RFC 822 `.eml` file in `DATA_DIR/mail/`. */
export function createMailer({ config, clock, log }: MailerOptions): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail(envelope(message, config.mailFrom));
        log.info({ mail: message.kind }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }

  const directory = join(config.dataDir, 'mail');
  // The stream transport builds the very bytes SMTP would carry, so the file opens in any mail client.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail(envelope(message, config.mailFrom));
      const stamp = clock.now().toISOString().replace(/[:.]/g, '-');
      sequence += 1;
      const unique = `${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}`;
      const file = join(directory, `${stamp}-${unique}-${message.kind}.eml`);
      // Mails hold activation and reset links: owner-only.
      await mkdir(directory, { recursive: true, mode: 0o700 });
      // The stream transport with `buffer: true` hands the message over as a Buffer.
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      // The file's name only: the link inside is a credential, and logs are read by more people than
      // the owner-only mail folder (decision 083).
      log.info({ mail: message.kind, file }, 'mail written to file');
    },
    close: () => transport.close(),
  };
}
