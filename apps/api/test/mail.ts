import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A received or written message, decoded just enough for tests to read what a person would. */
export type ReadMail = {
  to: string;
  from: string;
  subject: string;
  language: string;
  kind: string;
  /** The List-Unsubscribe header of a marketing mail, empty otherwise. */
  listUnsubscribe: string;
  messageId: string;
  text: string;
  html: string;
};

function decodeBytes(latin: string): string {
  return Buffer.from(latin, 'latin1').toString('utf8');
}

function decodeQuotedPrintable(value: string): string {
  const unwrapped = value.replace(/=\n/g, '');
  return decodeBytes(
    unwrapped.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`), as nodemailer writes non-ASCII subjects. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const index = raw.indexOf('\n\n');
  const head = index === -1 ? raw : raw.slice(0, index);
  const body = index === -1 ? '' : raw.slice(index + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

function parts(headers: Map<string, string>, body: string): { type: string; content: string }[] {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) {
    return [
      { type: type.split(';')[0]?.trim().toLowerCase() ?? 'text/plain', content: decodeBody(headers, body) },
    ];
  }
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .flatMap((part) => {
      const entity = splitEntity(part.replace(/^\n/, ''));
      return parts(entity.headers, entity.body.replace(/\n$/, ''));
    });
}

export function parseMail(raw: string): ReadMail {
  const { headers, body } = splitEntity(raw.replace(/\r\n/g, '\n'));
  const all = parts(headers, body);
  return {
    to: headers.get('to') ?? '',
    from: decodeHeader(headers.get('from') ?? ''),
    subject: decodeHeader(headers.get('subject') ?? ''),
    language: headers.get('content-language') ?? '',
    kind: headers.get('x-lisbon-mail') ?? '',
    listUnsubscribe: headers.get('list-unsubscribe') ?? '',
    messageId: headers.get('message-id') ?? '',
    text: all.find((part) => part.type === 'text/plain')?.content ?? '',
    html: all.find((part) => part.type === 'text/html')?.content ?? '',
  };
}

/** Every `.eml` file the file mailer wrote under `dataDir/mail`, oldest first. */
export function readMailFiles(dataDir: string): ReadMail[] {
  const directory = join(dataDir, 'mail');
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parseMail(readFileSync(join(directory, name), 'utf8')));
}

/** The token at the end of an activation or reset link in a message's text. */
export function linkToken(mail: ReadMail, path: 'activate' | 'reset-password'): string {
  const token = new RegExp(`/auth/${path}/([A-Za-z0-9_-]{43})`).exec(mail.text)?.[1];
  if (!token) throw new Error(`no /auth/${path}/ link in the ${mail.kind} mail`);
  return token;
}
