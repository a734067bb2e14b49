import { randomUUID } from 'node:crypto';
import { localeOrDefault, type Locale } from '@lisbon/domain';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { JobQueue } from '../jobs/queue';
import { renderMail, type MailContent } from './message';
import { sendMailJob } from './send-mail.job';

export type MailRecipient = { email: string; locale: string | null };

/**
 * Builds a mail in the recipient's language (their stored locale, or the default) and queues it in
 * the caller's transaction `db`: it goes out if and only if the change it tells about is committed.
 * `compose` answers the content in that language; `unsubscribeUrl` is for marketing mail.
 */
export async function queueMail(
  ctx: { config: Pick<Config, 'publicUrl'>; queue: JobQueue },
  db: Db,
  kind: string,
  recipient: MailRecipient,
  compose: (locale: Locale) => MailContent,
  { unsubscribeUrl }: { unsubscribeUrl?: string } = {},
): Promise<void> {
  const locale = localeOrDefault(recipient.locale);
  const message = renderMail(compose(locale), {
    kind,
    to: recipient.email,
    locale,
    publicUrl: ctx.config.publicUrl,
  });
  await ctx.queue.enqueue(db, sendMailJob, {
    ...message,
    ...(unsubscribeUrl ? { unsubscribeUrl } : {}),
    messageId: randomUUID(),
  });
}
