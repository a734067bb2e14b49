import { randomInt } from 'node:crypto';
import { PORTAL_NAME } from '@lisbon/domain';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { minted, sha256 } from '../../platform/crypto';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const totpFor = (secret: string, label: string) =>
  new TOTP({
    issuer: PORTAL_NAME,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });

/** A new 160-bit secret, base32 (RFC 4226's recommended length). */
export const newTotpSecret = (): string => minted(new Secret({ size: 20 }).base32);

export const otpauthUrl = (secret: string, label: string): string => totpFor(secret, label).toString();

/** The otpauth URL as a QR code, an SVG data URL the page shows as an image (CSP allows `data:`). */
export async function qrCodeDataUrl(url: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export const isTotpShaped = (code: string): boolean => /^\d{6}$/.test(code);

/**
 * The time step a code belongs to, if it is valid now or one step either side (clock drift),
 * or null. The caller records the step so the same code is not accepted twice.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const totp = totpFor(secret, PORTAL_NAME);
  const timestamp = now.getTime();
  const delta = totp.validate({ token: code, timestamp, window: 1 });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}

// No 0/o, 1/l/i: codes are copied from paper.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

/** Ten one-time codes like `k7q2m-x9hcp` (about 50 bits each), shown once and stored hashed. */
export function newRecoveryCodes(): string[] {
  const code = () =>
    Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => minted(code().replace(/^(.{5})/, '$1-')));
}

/** Case, spaces and the dash do not matter when a code is typed back. */
export const normalizeCode = (code: string): string => code.toLowerCase().replace(/[\s-]+/g, '');

export const hashRecoveryCode = (code: string): string => sha256(normalizeCode(code));
