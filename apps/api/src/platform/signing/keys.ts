import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';
import { ConfigError, inWords, readConfiguredFile, type Config } from '../config';
import type { LedgerKeys } from '../ledger/ledger';
import { createOnce } from './files';
import { newWalletKeyPem, WALLET_KEY_FILE } from './wallet-key';

/**
 * The body's keys (decision 023): the ledger's Ed25519 key pair and the statement-signing P12
 * (RSA key + X.509 certificate). The wallet issuer key loads apart (`wallet-key.ts`, decision 088). Production: LEDGER_KEY_PATH, SIGNING_P12_PATH and
 * SIGNING_P12_PASSPHRASE. Embedded default: generated into `DATA_DIR/keys/` (files 0600) on first
 * start, read from there afterwards. Neither a key nor the passphrase is ever logged.
 */
export type BodyKeys = {
  ledger: LedgerKeys;
  p12: { der: Buffer; passphrase: string };
  /** The signing certificate as people check it: its subject and SHA-256 fingerprint. */
  certificate: { subject: string; fingerprint: string };
};

export type KeySettings = Pick<Config, 'dataDir' | 'signingP12' | 'ledgerKeyPath'> &
  Partial<Pick<Config, 'ledgerKeyPem'>> & {
    body: Pick<Config['body'], 'name'>;
  };

export class MissingKeyError extends Error {
  override name = 'MissingKeyError';
}

export const LEDGER_KEY_FILE = 'ledger-ed25519.pem';
const P12_FILE = 'statement-signing.p12';
const PASSPHRASE_FILE = 'statement-signing.passphrase';
const CERTIFICATE_YEARS = 10;

const keysDir = (settings: KeySettings) => join(settings.dataDir, 'keys');

function readOrCreate(path: string, isCreating: boolean, make: () => Buffer | string): Buffer {
  if (isCreating) return createOnce(path, make);
  try {
    return readFileSync(path);
  } catch {
    throw new MissingKeyError(`No key at ${path}: start the portal once to generate it`);
  }
}

const newLedgerKeyPem = () =>
  generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' });

function ledgerKeys(settings: KeySettings, isCreating: boolean): LedgerKeys {
  const pem = settings.ledgerKeyPem
    ? Buffer.from(settings.ledgerKeyPem)
    : settings.ledgerKeyPath
      ? readConfiguredFile(settings.ledgerKeyPath, 'LEDGER_KEY_PATH')
      : readOrCreate(join(keysDir(settings), LEDGER_KEY_FILE), isCreating, newLedgerKeyPem);
  let privateKey;
  try {
    privateKey = createPrivateKey(pem);
  } catch {
    privateKey = undefined;
  }
  if (privateKey?.asymmetricKeyType !== 'ed25519') {
    const variable = settings.ledgerKeyPem ? 'LEDGER_KEY' : 'LEDGER_KEY_PATH';
    throw new ConfigError(`Invalid configuration: ${variable} must hold an Ed25519 private key (PEM)`);
  }
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

/**
 * node-forge writes a signer's issuer name again from its parsed form and encodes non-ASCII
 * letters twice, which breaks the signature: certificate names stay ASCII ("Mobilità" → "Mobilita").
 */
export const asciiName = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '?');

const isAscii = (value: string) => /^[\x20-\x7e]*$/.test(value);

/** UTF8String, which takes any ASCII text (PrintableString, forge's default, refuses `&` or `@`). */
const utf8Text = (value: string) => ({
  value: asciiName(value),
  // forge reads this as the value's ASN.1 type; its typings call it a class.
  valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class,
});

const CERT_BAG = '1.2.840.113549.1.12.10.1.3';
const SHROUDED_KEY_BAG = '1.2.840.113549.1.12.10.1.2';

/** A self-signed certificate for the embedded default: RSA 3072 (made by Node, fast), SHA-256. */
export function selfSignedP12({
  commonName,
  passphrase,
  now,
}: {
  commonName: string;
  passphrase: string;
  now: Date;
}): Buffer {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 3072 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  // Positive, 128 random bits (RFC 5280: at most 20 octets).
  certificate.serialNumber = `01${randomBytes(16).toString('hex')}`;
  certificate.validity.notBefore = now;
  certificate.validity.notAfter = new Date(now);
  certificate.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + CERTIFICATE_YEARS);
  const subject = [
    { name: 'commonName', ...utf8Text(commonName) },
    { name: 'organizationName', ...utf8Text(commonName) },
    { name: 'countryName', value: 'IT' },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  certificate.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [certificate], passphrase, {
    algorithm: 'aes256',
    friendlyName: 'Lisbon statement signing',
  });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

/** Opens a P12 with its passphrase and answers its certificate; refuses one without key or certificate. */
export function openP12(der: Buffer, passphrase: string): forge.pki.Certificate {
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(der.toString('binary')), false, passphrase);
  const certificates = p12.getBags({ bagType: CERT_BAG })[CERT_BAG] ?? [];
  const keys = p12.getBags({ bagType: SHROUDED_KEY_BAG })[SHROUDED_KEY_BAG];
  const key = keys?.[0]?.key;
  const certificate = certificates
    .map((bag) => bag.cert)
    .find((cert) => {
      const publicKey = cert?.publicKey as forge.pki.rsa.PublicKey | undefined;
      return key && publicKey?.n?.equals(key.n) && publicKey.e.equals(key.e);
    });
  if (!certificate) throw new Error('the P12 holds no RSA key with its certificate');
  if (!certificate.issuer.attributes.every((attribute) => isAscii(String(attribute.value)))) {
    throw new Error('the certificate’s issuer name has letters outside ASCII (see asciiName)');
  }
  return certificate;
}

function signingP12(settings: KeySettings, isCreating: boolean, now: Date): BodyKeys['p12'] {
  if (settings.signingP12) {
    return {
      der: readConfiguredFile(settings.signingP12.path, 'SIGNING_P12_PATH'),
      passphrase: settings.signingP12.passphrase,
    };
  }
  const passphrase = readOrCreate(join(keysDir(settings), PASSPHRASE_FILE), isCreating, () =>
    randomBytes(32).toString('base64url'),
  )
    .toString('utf8')
    .trim();
  const der = readOrCreate(join(keysDir(settings), P12_FILE), isCreating, () =>
    selfSignedP12({ commonName: settings.body.name, passphrase, now }),
  );
  return { der, passphrase };
}

const loaded = new Map<string, BodyKeys>();

/**
 * The body's keys, generating the embedded defaults unless `isCreating` is false (the ledger
 * audit must not invent a key). Loaded once per key location and process. A configured file
 * that cannot be read, a wrong passphrase or a key of the wrong type stop the start with a
 * ConfigError naming the variable.
 */
export function loadBodyKeys(
  settings: KeySettings,
  { isCreating = true, now = new Date() }: { isCreating?: boolean; now?: Date } = {},
): BodyKeys {
  const cacheKey = JSON.stringify([
    settings.dataDir,
    settings.signingP12?.path,
    settings.ledgerKeyPath,
    settings.ledgerKeyPem,
  ]);
  const cached = loaded.get(cacheKey);
  if (cached) return cached;
  const ledger = ledgerKeys(settings, isCreating);
  const p12 = signingP12(settings, isCreating, now);
  let certificate: forge.pki.Certificate;
  try {
    certificate = openP12(p12.der, p12.passphrase);
  } catch {
    throw new ConfigError(
      settings.signingP12
        ? 'Invalid configuration: SIGNING_P12_PASSPHRASE does not open SIGNING_P12_PATH, or it holds no RSA key with its certificate, or the certificate’s issuer name is not plain ASCII'
        : `The generated signing key in ${keysDir(settings)} cannot be opened: move the keys folder away to generate new ones`,
    );
  }
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes();
  const keys: BodyKeys = {
    ledger,
    p12,
    certificate: {
      subject: certificate.subject.attributes
        .map((attribute) => `${attribute.shortName ?? attribute.name}=${String(attribute.value)}`)
        .join(', '),
      fingerprint: forge.md.sha256.create().update(der).digest().toHex(),
    },
  };
  loaded.set(cacheKey, keys);
  return keys;
}

/**
 * Instances that share a PostgreSQL database must hold the same keys, so none may invent its own
 * (decision 039): on PostgreSQL every key comes from configuration, and a missing one stops the
 * start naming the variables and the command that makes a set. SQLite (one process) generates.
 */
export function assertSharedKeysConfigured(
  config: Pick<
    Config,
    | 'database'
    | 'ledgerKeyPath'
    | 'ledgerKeyPem'
    | 'signingP12'
    | 'paymentWebhookSecret'
    | 'paymentProvider'
    | 'totpSecretKey'
    | 'walletIssuerKeyPath'
  >,
): void {
  if (config.database.dialect !== 'postgres') return;
  const missing = [
    ...(config.ledgerKeyPath || config.ledgerKeyPem ? [] : ['LEDGER_KEY_PATH (or LEDGER_KEY)']),
    ...(config.signingP12
      ? []
      : ['SIGNING_P12_PATH with SIGNING_P12_PASSPHRASE (or SIGNING_P12_PASSPHRASE_FILE)']),
    ...(config.paymentProvider !== 'sandbox' || config.paymentWebhookSecret
      ? []
      : ['PAYMENT_WEBHOOK_SECRET (or PAYMENT_WEBHOOK_SECRET_FILE)']),
    ...(config.totpSecretKey ? [] : ['TOTP_SECRET_KEY (or TOTP_SECRET_KEY_FILE)']),
    ...(config.walletIssuerKeyPath ? [] : ['WALLET_ISSUER_KEY_PATH']),
  ];
  if (missing.length === 0) return;
  throw new ConfigError(
    `Invalid configuration: on PostgreSQL every instance must hold the same keys, so they are not generated: set ${inWords(missing)}. Make a set once with \`bin/lisbon keys:generate --out <folder>\` (in a checkout: \`npm run cli -- keys:generate --out <folder>\`) and give the same to every instance.`,
  );
}

export const KEY_SET_FILES = {
  ledger: 'ledger-ed25519.pem',
  p12: 'signing.p12',
  passphrase: 'signing-passphrase',
  webhookSecret: 'payment-webhook-secret',
  totpKey: 'totp-secret.key',
  walletIssuer: WALLET_KEY_FILE,
} as const;

/**
 * `npm run cli -- keys:generate --out <folder>`: one set of keys for a deployment, in files
 * (0600, never overwritten), made by the same code as the embedded default. Answers the
 * environment lines that point at them; the secrets themselves are never printed.
 */
export function generateKeySet({
  folder,
  bodyName,
  now,
}: {
  folder: string;
  bodyName: string;
  now: Date;
}): string[] {
  const passphrase = randomBytes(32).toString('base64url');
  const files: [string, () => Buffer | string][] = [
    [KEY_SET_FILES.ledger, newLedgerKeyPem],
    [KEY_SET_FILES.passphrase, () => `${passphrase}\n`],
    [KEY_SET_FILES.p12, () => selfSignedP12({ commonName: bodyName, passphrase, now })],
    [KEY_SET_FILES.webhookSecret, () => `${randomBytes(32).toString('hex')}\n`],
    [KEY_SET_FILES.totpKey, () => `${randomBytes(32).toString('hex')}\n`],
    [KEY_SET_FILES.walletIssuer, newWalletKeyPem],
  ];
  for (const [name] of files) {
    if (existsSync(join(folder, name)))
      throw new ConfigError(`${join(folder, name)} exists already: keys are never overwritten`);
  }
  for (const [name, content] of files) createOnce(join(folder, name), content);
  return [
    `LEDGER_KEY_PATH=${join(folder, KEY_SET_FILES.ledger)}`,
    `SIGNING_P12_PATH=${join(folder, KEY_SET_FILES.p12)}`,
    `SIGNING_P12_PASSPHRASE_FILE=${join(folder, KEY_SET_FILES.passphrase)}`,
    `PAYMENT_WEBHOOK_SECRET_FILE=${join(folder, KEY_SET_FILES.webhookSecret)}`,
    `TOTP_SECRET_KEY_FILE=${join(folder, KEY_SET_FILES.totpKey)}`,
    `WALLET_ISSUER_KEY_PATH=${join(folder, KEY_SET_FILES.walletIssuer)}`,
  ];
}
