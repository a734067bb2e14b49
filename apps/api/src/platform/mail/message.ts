import { LOCALES, PORTAL_NAME, type Locale } from '@lisbon/domain';
import { z } from 'zod';

/** A message ready to send: what the `send-mail` job carries. */
export const mailMessageSchema = z.object({
  /** What the message is about (`activation`, `password-reset`, …): for logs and file names. */
  kind: z.string().regex(/^[a-z0-9-]+$/),
  to: z.email(),
  locale: z.enum(LOCALES),
  subject: z.string().min(1),
  text: z.string().min(1),
  html: z.string().min(1),
  /** The action link, logged when mail goes to files so a developer can follow it. */
  link: z.url().optional(),
  /** Marketing mail: the unsubscribe page, sent as the List-Unsubscribe header too (RFC 2369). */
  unsubscribeUrl: z.url().optional(),
  /**
   * The message's own id, made when it is queued: its `Message-ID` and its file's name, the same
   * on every run of its job, so a send repeated after a crash is recognised (decision 101). Absent
   * from messages queued by an older release: the job's id stands in.
   */
  messageId: z.uuid().optional(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

/**
 * A paragraph of a mail: its text, or a text followed by a link of the portal (the contact page…),
 * written after it in the plain-text part and as a link in the HTML part.
 */
export type MailParagraph = string | { text: string; url: string };

export type MailContent = {
  subject: string;
  greeting: string;
  paragraphs: readonly MailParagraph[];
  action?: { label: string; url: string };
  /** The closing line, such as "If you did not ask for this, ignore this message." */
  footer?: string;
};

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const SIGNATURE: Record<Locale, string> = {
  'en-US': `The ${PORTAL_NAME} team`,
  'it-IT': `Il team di ${PORTAL_NAME}`,
};

/** One layout for every message: a plain-text part and an HTML part that say the same thing. */
export function renderMail(
  content: MailContent,
  options: { kind: string; to: string; locale: Locale; publicUrl: string },
): MailMessage {
  const { action, footer } = content;
  const signature = `${SIGNATURE[options.locale]}\n${options.publicUrl}`;
  const text = [
    content.greeting,
    ...content.paragraphs.map((value) => (typeof value === 'string' ? value : `${value.text} ${value.url}`)),
    ...(action ? [`${action.label}:\n${action.url}`] : []),
    ...(footer ? [footer] : []),
    signature,
  ].join('\n\n');
  const paragraph = (value: MailParagraph) =>
    typeof value === 'string'
      ? `<p style="margin:0 0 16px">${escapeHtml(value)}</p>`
      : `<p style="margin:0 0 16px">${escapeHtml(value.text)} <a href="${escapeHtml(value.url)}">${escapeHtml(value.url)}</a></p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1c4e80;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>` +
      paragraph(action.url)
    : '';
  const html = `<!doctype html>
<html lang="${options.locale}">
<head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a;margin:0;padding:24px">
<h1 style="font-size:20px;margin:0 0 24px">${escapeHtml(PORTAL_NAME)}</h1>
${[content.greeting, ...content.paragraphs].map(paragraph).join('\n')}
${button}
${footer ? paragraph(footer) : ''}
<p style="margin:24px 0 0;color:#555555">${escapeHtml(SIGNATURE[options.locale])}<br><a href="${escapeHtml(options.publicUrl)}">${escapeHtml(options.publicUrl)}</a></p>
</body>
</html>
`;
  return {
    kind: options.kind,
    to: options.to,
    locale: options.locale,
    subject: `${PORTAL_NAME} – ${content.subject}`,
    text,
    html,
    ...(action ? { link: action.url } : {}),
  };
}
