import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSendKeys } from './send-keys';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Idempotency-Key of a composed body', () => {
  it('stays the same for every send of one body until one is answered', () => {
    const keys = createSendKeys();
    const body = { practice_ids: [12, 14], message: 'Closed on Friday.' };
    const first = keys.keyFor(body);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys.keyFor({ ...body })).toBe(first);
    keys.sent();
    expect(keys.keyFor(body)).not.toBe(first);
  });

  it('is a new one when the body was changed before the send', () => {
    const keys = createSendKeys();
    const first = keys.keyFor({ practice_ids: [12], message: 'Closed on Friday.' });
    expect(keys.keyFor({ practice_ids: [12], message: 'Closed on Monday.' })).not.toBe(first);
  });

  it('is none where the browser makes no UUID (a page not served over HTTPS)', () => {
    vi.stubGlobal('crypto', {});
    expect(createSendKeys().keyFor({ message: 'Closed on Friday.' })).toBeUndefined();
  });

  it('sends with the key of its body, and the next send after an answer with a new one', async () => {
    const keys = createSendKeys();
    const body = { message: 'Closed on Friday.' };
    const lost = keys.send(body, (key) => Promise.reject(new Error(`lost ${key}`)));
    await expect(lost).rejects.toThrow(`lost ${keys.keyFor(body)}`);
    const first = keys.keyFor(body);
    expect(await keys.send(body, async (key) => key)).toBe(first);
    expect(await keys.send(body, async (key) => key)).not.toBe(first);
  });
});
