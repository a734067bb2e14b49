import type * as Argon2 from '@node-rs/argon2';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Count the argon2 verifications while keeping the real ones.
const verifications = vi.hoisted(() => ({ hashes: [] as string[] }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  return {
    ...real,
    verify: (hash: string, password: string) => {
      verifications.hashes.push(hash);
      return real.verify(hash, password);
    },
  };
});

const { hashPassword, verifyPassword } = await import('./passwords');

beforeEach(() => {
  verifications.hashes.length = 0;
});

describe('verifyPassword', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('Lisbon#2026');
    expect(await verifyPassword(stored, 'Lisbon#2026')).toBe(true);
    expect(await verifyPassword(stored, 'Lisbon#2027')).toBe(false);
  });

  it('spends a full argon2id check when there is no stored hash, and still refuses', async () => {
    // An unknown email or an inactive account must cost what a wrong password costs, so time tells nothing.
    expect(await verifyPassword(null, 'Lisbon#2026')).toBe(false);
    expect(verifications.hashes).toHaveLength(1);
    expect(verifications.hashes[0]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('hashPassword', () => {
  it('uses argon2id at the OWASP parameters', async () => {
    expect(await hashPassword('Lisbon#2026')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
