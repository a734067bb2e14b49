import { marketingOptOutTokenSchema, type Locale } from '@lisbon/domain';
import type { AppContext } from '../../context';
import { sha256 } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { queueMail } from '../../platform/mail/queue-mail';
import { findUserByOptOutTokenHash, listSubscribers, withdrawMarketingConsent } from './repository';
import { optOutToken, optOutUrl } from './token';
import { greeting } from '../../platform/mail/greeting';

const TEXTS: Record<Locale, { unsubscribe: string; footer: string }> = {
  'en-US': {
    unsubscribe: 'Unsubscribe from the newsletter',
    footer: 'You receive this newsletter because you asked for news about the services in your account.',
  },
  'it-IT': {
    unsubscribe: 'Annulla l’iscrizione alla newsletter',
    footer: 'Ricevi questa newsletter perché hai chiesto notizie sui servizi nel tuo account.',
  },
};

/**
 * POST /marketing-opt-out/{token}: public, the token is the access. Withdraws the marketing
 * consent; a second visit finds the same user and answers the same (idempotent). A token that
 * names nobody answers 404 with the spec §8 unsubscribe message.
 */
export async function optOut(ctx: AppContext, token: string): Promise<{ is_unsubscribed: true }> {
  if (!marketingOptOutTokenSchema.safeParse(token).success) throw new AppError('UNSUBSCRIBE_FAILED');
  const user = await findUserByOptOutTokenHash(ctx.db, sha256(token));
  if (!user) throw new AppError('UNSUBSCRIBE_FAILED');
  if (user.marketing_consent_at !== null) {
    await withdrawMarketingConsent(ctx.db, user.id, ctx.clock.now().toISOString());
  }
  return { is_unsubscribed: true };
}

export type MarketingMail = { subject: string; body: string };

/**
 * Queues one marketing mail per subscriber (opted in, active), each with its own unsubscribe link
 * in the text and the List-Unsubscribe header. Operators only (CLI): no HTTP route.
 */
export async function sendMarketingMail(ctx: AppContext, mail: MarketingMail): Promise<number> {
  const paragraphs = mail.body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  if (!mail.subject.trim() || paragraphs.length === 0) throw new AppError('VALIDATION_FAILED');
  const subscribers = await listSubscribers(ctx.db);
  for (const subscriber of subscribers) {
    await ctx.db.transaction().execute(async (trx) => {
      const url = optOutUrl(ctx.config.publicUrl, await optOutToken(ctx, trx, subscriber.id));
      await queueMail(
        ctx,
        trx,
        'marketing',
        subscriber,
        (locale) => ({
          subject: mail.subject.trim(),
          greeting: greeting(locale, subscriber.first_name),
          paragraphs,
          action: { label: TEXTS[locale].unsubscribe, url },
          footer: TEXTS[locale].footer,
        }),
        { unsubscribeUrl: url },
      );
    });
  }
  return subscribers.length;
}
