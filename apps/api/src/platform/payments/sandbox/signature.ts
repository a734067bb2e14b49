import { createHmac, timingSafeEqual } from 'node:crypto';

/** Header of every sandbox webhook: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const SIGNATURE_HEADER = 'x-sandbox-signature';

/** A signature older or newer than this is refused, so a captured call cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, body: string | Buffer) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');

export const signatureHeader = (secret: string, body: string, timestamp: number): string =>
  `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;

/** True when the header carries a fresh signature of exactly these bytes. */
export function isValidSignature(options: {
  secret: string;
  rawBody: Buffer;
  header: string | undefined;
  nowSeconds: number;
}): boolean {
  const parts = new Map(
    (options.header ?? '').split(',').map((part) => {
      const [key = '', ...value] = part.trim().split('=');
      return [key, value.join('=')] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(options.nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(hmac(options.secret, timestamp, options.rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}
