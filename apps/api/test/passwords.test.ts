import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import {
  ARGON2_OPTIONS,
  COMMON_PASSWORD_COUNT,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from '../src/platform/passwords';

describe('password hashing', () => {
  it('uses argon2id with at least the OWASP parameters (19 MiB, 2 passes, 1 lane)', async () => {
    expect(ARGON2_OPTIONS).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const stored = await hash('Quiet#Harbour42', ARGON2_OPTIONS);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Quiet#Harbour42')).toBe(true);
    expect(await verifyPassword(stored, 'quiet#Harbour42')).toBe(false);
  });

  // passwords.setup.ts: production's hashes still verify, as the two lines above show.
  it('hashes at the tests’ least cost in the API tests, and verifies what it hashes', async () => {
    const stored = await hashPassword('Quiet#Harbour42');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/);
    expect(await verifyPassword(stored, 'Quiet#Harbour42')).toBe(true);
    expect(await verifyPassword(stored, 'quiet#Harbour42')).toBe(false);
  });

  it('salts each hash', async () => {
    expect(await hashPassword('Quiet#Harbour42')).not.toBe(await hashPassword('Quiet#Harbour42'));
  });

  it('answers false, after a real check, when there is no hash', async () => {
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword('not a hash', 'anything')).toBe(false);
  });
});

describe('common passwords', () => {
  it('ships a list of more than 10,000 passwords', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThan(10_000);
  });

  it.each(['P@ssw0rd', 'Password1!', '#Dragon2026', 'Monkey$123', 'QWERTY123!', 'iloveyou'])(
    'refuses %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['Quiet#Harbour42', 'Lisbon#2026', 'Amber&Lantern77', 'Correct-Horse-7-Battery'])(
    'accepts %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );
});
