import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helper';

// A refused call is answered after a pause (decision 084): a client that loops on refusals makes
// about one call per pause, and other clients are answered meanwhile.
const PAUSE_MS = 400;
const t = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2', RATE_LIMIT_REFUSAL_DELAY_MS: String(PAUSE_MS) } });

const countries = (address: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/countries', remoteAddress: address });

describe('the pause before a refusal', () => {
  it('holds the answer of a refused call, while another client is answered at once', async () => {
    const looper = '203.0.113.7';
    for (let call = 0; call < 2; call += 1) expect((await countries(looper)).statusCode).toBe(200);

    const answered: string[] = [];
    const started = performance.now();
    const refused = countries(looper).then((response) => {
      answered.push('refused');
      return { response, waitedMs: performance.now() - started };
    });
    const other = await countries('198.51.100.20');
    answered.push('other');

    expect(other.statusCode).toBe(200);
    const { response, waitedMs } = await refused;
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(answered).toEqual(['other', 'refused']);
    // A timer never fires before its time: the refusal waited the whole pause (1 ms of rounding).
    expect(waitedMs).toBeGreaterThanOrEqual(PAUSE_MS - 1);
  });

  it('holds refusals only: an error of another kind is answered at once', async () => {
    const answered: string[] = [];
    const refused = countries('203.0.113.7').then((response) => {
      answered.push(`refused ${response.statusCode}`);
    });
    const notFound = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nope',
      remoteAddress: '198.51.100.21',
    });
    answered.push(`not found ${notFound.statusCode}`);
    await refused;
    expect(answered).toEqual(['not found 404', 'refused 429']);
  });
});
