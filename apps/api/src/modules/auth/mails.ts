import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { queueMail } from '../../platform/mail/queue-mail';
import { MAIL_TEXTS, type IdentityMail } from './mail-texts';
import type { IssuedToken } from './tokens';

export type MailRecipient = { email: string; locale: string; first_name: string; role: string };

/** The page each message links to; activation and reset carry their token. */
function linkFor(kind: IdentityMail, publicUrl: string, token: string | undefined): string {
  switch (kind) {
    case 'activation':
      return `${publicUrl}/auth/activate/${token}`;
    case 'password-reset':
      return `${publicUrl}/auth/reset-password/${token}`;
    case 'already-registered':
    case 'password-changed':
      return `${publicUrl}/auth/recover-password`;
    case 'two-factor-enabled':
    case 'two-factor-disabled':
    case 'account-deleted':
      return `${publicUrl}/auth/login`;
  }
}

/**
 * Renders an identity message in the recipient's language and queues it, in the caller's
 * transaction `db`, so it is sent if and only if the change it tells about is committed.
 */
export async function queueIdentityMail(
  ctx: AppContext,
  db: Db,
  kind: IdentityMail,
  recipient: MailRecipient,
  issued?: IssuedToken,
): Promise<void> {
  const link = linkFor(kind, ctx.config.publicUrl, issued?.token);
  await queueMail(ctx, db, kind, recipient, (locale) =>
    MAIL_TEXTS[locale][kind]({
      firstName: recipient.first_name,
      isNameTypedByRegistrant: recipient.role === 'applicant',
      link,
      replacesEarlierLink: issued?.replacesEarlier ?? false,
      contactUrl: `${ctx.config.publicUrl}/contact`,
      activationHours: ctx.config.activationTokenTtlHours,
      resetMinutes: ctx.config.resetTokenTtlMinutes,
    }),
  );
}
