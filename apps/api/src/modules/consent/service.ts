import { PORTAL_NAME } from '@lisbon/domain';
import type { AppContext } from '../../context';
import { renderTextDocumentOffThread } from '../../platform/pdf/render-pool';
import type { SessionUser } from '../sessions/service';
import { getUser } from '../users/service';
import { CONSENT_TEXTS } from './texts';

/**
 * GET /consent/form: the consent in the account's language, with the holder's name, ready to sign.
 * Rendered once per name, email and language, then kept; a render counts against the user's
 * budget (decision 084).
 */
export async function consentForm(ctx: AppContext, actor: SessionUser): Promise<Uint8Array> {
  const user = await getUser(ctx, actor, actor.id);
  const name = [user.first_name, user.middle_name, user.last_name].filter(Boolean).join(' ');
  const text = CONSENT_TEXTS[user.locale];
  const paragraphs = text.paragraphs({ name, email: user.email });
  return ctx.keptDocuments.get(
    'consent-form',
    { paragraphs, title: text.title, signatureLines: text.signatureLines, locale: user.locale },
    () =>
      renderTextDocumentOffThread({
        title: text.title,
        paragraphs,
        signatureLines: text.signatureLines,
        author: PORTAL_NAME,
        subject: `${text.title} — ${name}`,
        language: user.locale,
        createdAt: ctx.clock.now(),
      }),
    () => ctx.renderBudget.charge(actor.id),
  );
}
