import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listenToMintedSecrets, minted, randomToken } from '../src/platform/crypto';
import { findSecrets, readRun } from './log-check';

/** The log check of the whole run (log-check.global.ts) on a made-up log and list of secrets. */
const TOKEN = 'hJjrdQCjiXQlA0YOiWuknGkV3yW5oU8mTI0_yaAC6wA';
const RECOVERY = 'b78wv-73ncy';
const CHECKOUT = 'cs_sandbox_52aa08ac15ba416a6390b4fe1e1e9cd2';
const TOTP_SECRET = 'HNJE6UP4NJFOUBMM5DKQARE66TDAQFLC';
const SECRETS = [TOKEN, RECOVERY, CHECKOUT, TOTP_SECRET];
const CLEAN = [
  '{"level":30,"time":1764300000000,"reqId":"6f1c2a9e-0d3b-4b8e-9a51-2f6f0c1d7e44","req":{"method":"GET","url":"/api/v1/auth/reset-password/[redacted]"},"msg":"incoming request"}',
  '{"level":20,"msg":"request refused","code":"RATE_LIMITED","status":429}',
  '{"level":30,"msg":"mail written to file","kind":"password-reset","file":"000001-1a2b3c4d.eml"}',
];

let folder: string | undefined;
afterEach(() => {
  listenToMintedSecrets(undefined);
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

describe('the log check of a whole run', () => {
  it('finds nothing in lines without a secret', () => {
    expect(findSecrets(CLEAN, SECRETS)).toEqual([]);
  });

  it('finds a planted token wherever it sits in a line, and names it', () => {
    const planted = [
      `{"msg":"mail written","link":"https://portal.example.org/auth/reset-password/${TOKEN}"}`,
      `{"url":"/api/v1/sandbox/checkout/${CHECKOUT}?x=1"}`,
      `{"msg":"codes","codes":["${RECOVERY}"]}`,
      `{"secret":"otpauth://totp/Lisbon:a?secret=${TOTP_SECRET}&issuer=Lisbon"}`,
      // Glued to other characters of a token: still found.
      `{"msg":"x${TOKEN}y"}`,
    ];
    const findings = findSecrets([...CLEAN, ...planted], SECRETS);
    expect(findings.map((finding) => finding.secret)).toEqual([
      TOKEN,
      CHECKOUT,
      RECOVERY,
      TOTP_SECRET,
      TOKEN,
    ]);
    expect(findings[0]!.line).toBe(planted[0]);
  });

  it('leaves out values too short to tell from chance (a code of five characters)', () => {
    expect(findSecrets(['{"msg":"code 12345"}'], ['12345'])).toEqual([]);
  });

  it('finds a six-digit transaction code standing as a value of its own in a string', () => {
    const planted = [
      '{"msg":"token request","body":"grant_type=urn%3Aietf&tx_code=042917&pre-authorized_code=x"}',
      '{"res":{"payload":"{\\"tx_code\\":\\"042917\\",\\"expires_at\\":\\"2026-12-06\\"}"}}',
      '{"msg":"Wrong transaction code 042917."}',
      '{"042917":true}',
    ];
    expect(findSecrets([...CLEAN, ...planted], [...SECRETS, '042917'])).toEqual(
      planted.map((line) => ({ secret: '042917', line })),
    );
  });

  it('leaves a six-digit code alone inside a number, a timestamp, a decimal, an id or a token', () => {
    const lines = [
      '{"level":30,"time":1764300042917,"pid":42917,"responseTime":12.042917,"msg":"request completed"}',
      '{"pid":423456,"msg":"x"}',
      '{"at":"2026-12-06 12:34:56.042917+00","id":"a042917","file":"000001-042917b.eml","run":"0429170"}',
      `{"token":"abc_042917-def","key":"${TOKEN}"}`,
    ];
    expect(findSecrets(lines, ['042917', '423456'])).toEqual([]);
  });

  it('reads every process’s log and secrets of a run’s folder', () => {
    folder = mkdtempSync(join(tmpdir(), 'lisbon-log-check-test-'));
    writeFileSync(join(folder, 'log-1.ndjson'), `${CLEAN[0]}\n`);
    writeFileSync(join(folder, 'log-2.ndjson'), `{"msg":"leak ${TOKEN}"}\n`);
    writeFileSync(join(folder, 'secrets-2.txt'), `${TOKEN}\n${RECOVERY}\n`);
    const run = readRun(folder);
    expect(run.lines).toHaveLength(2);
    expect(run.secrets).toEqual([TOKEN, RECOVERY]);
    expect(findSecrets(run.lines, run.secrets)).toEqual([{ secret: TOKEN, line: `{"msg":"leak ${TOKEN}"}` }]);
  });

  it('hears of every token minted while a listener is set, and of none after', () => {
    const heard: string[] = [];
    listenToMintedSecrets((secret) => heard.push(secret));
    const token = randomToken();
    expect(minted('another-secret-value')).toBe('another-secret-value');
    listenToMintedSecrets(undefined);
    randomToken();
    expect(heard).toEqual([token, 'another-secret-value']);
  });
});
