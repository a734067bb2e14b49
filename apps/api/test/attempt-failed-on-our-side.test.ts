import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { useTestApp } from './helper';
import { bearer, createUser, enableTwoFactor, login, PASSWORD, totpCode } from './identity';

const clock = new ManualClock();
const t = useTestApp({ clock });
const ADDRESS = '198.51.100.20';
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: ADDRESS, headers });

afterEach(() => {
  vi.restoreAllMocks();
});

// A failure of ours (the database lost for a moment) while a right code is taken.
function failUpdatesOfUsers(): void {
  const db = t.database.db;
  const updateTable = db.updateTable.bind(db);
  vi.spyOn(db, 'updateTable').mockImplementation(((table: Parameters<typeof updateTable>[0]) => {
    if (table === 'users') throw new Error('the connection ended');
    return updateTable(table);
  }) as typeof db.updateTable);
}

describe('a second-factor code whose check failed on our side (a 500) counts as no attempt', () => {
  it('lets the owner in with the right code after six 500s on it', async () => {
    await createUser(t.database, clock, { email: 'code-500@example.org' });
    const { secret } = await enableTwoFactor(
      t.app,
      (await login(t.app, 'code-500@example.org')).token,
      clock,
    );
    clock.advance({ seconds: 30 });
    const owner = await login(t.app, 'code-500@example.org', PASSWORD, ADDRESS);
    failUpdatesOfUsers();
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const answer = await post('/auth/2fa', { code: totpCode(secret, clock) }, bearer(owner.token));
      expect(answer.statusCode).toBe(500);
    }
    vi.restoreAllMocks();
    const passed = await post('/auth/2fa', { code: totpCode(secret, clock) }, bearer(owner.token));
    expect(passed.statusCode).toBe(200);
  });
});
