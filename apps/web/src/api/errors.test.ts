import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';

function clientAnswering(respond: () => Promise<Response>) {
  const onMaintenance = vi.fn();
  const client = createApiClient({
    baseUrl: '/api/v1',
    getToken: () => null,
    getLanguage: () => 'en-US',
    onMaintenance,
    fetch: vi.fn(respond),
  });
  return { client, onMaintenance };
}

const json = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const failureOf = (respond: () => Promise<Response>) =>
  clientAnswering(respond)
    .client.get('anything')
    .catch((e: unknown) => e);

describe('error normalisation (spec §8)', () => {
  it('turns a 500 into api_error, hiding what the body says', async () => {
    const error = await failureOf(json(500, { code: 'api_error', message: 'SQLITE_BUSY at line 3' }));
    expect(error).toMatchObject({ status: 500, code: 'api_error', message: 'api_error' });
  });

  it("gives a 422 the first field's first error", async () => {
    const body = {
      code: 'VALIDATION_FAILED',
      message: 'Some fields are not valid.',
      errors: {
        email: ['Email not valid', 'This field is required'],
        password: ['Minimum length 8 characters'],
      },
    };
    const error = await failureOf(json(422, body));
    expect(error).toMatchObject({ status: 422, code: 'VALIDATION_FAILED', message: 'Email not valid' });
    expect(error).toHaveProperty('errors', body.errors);
  });

  it('gives a 422 without a field map the response message', async () => {
    const error = await failureOf(
      json(422, { code: 'VALIDATION_FAILED', message: 'Some fields are not valid.' }),
    );
    expect(error).toMatchObject({ status: 422, message: 'Some fields are not valid.' });
  });

  it('gives a 404 the response message and code', async () => {
    const error = await failureOf(json(404, { code: 'NOT_FOUND', message: 'Not found' }));
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Not found' });
  });

  it('keeps the code of a 403, which the guard reads', async () => {
    const error = await failureOf(
      json(403, { code: 'FORBIDDEN_ACCESS', message: 'You do not have access.' }),
    );
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN_ACCESS' });
  });

  it('turns a body that is not JSON into a 500 api_error', async () => {
    const error = await failureOf(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(error).toMatchObject({ status: 500, code: 'api_error', message: 'api_error' });
  });

  it('turns a successful answer that is not JSON into a 500 api_error', async () => {
    const error = await failureOf(async () => new Response('<!doctype html>', { status: 200 }));
    expect(error).toMatchObject({ status: 500, message: 'api_error' });
  });

  it('turns a network failure into a 500 api_error', async () => {
    const error = await failureOf(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(error).toMatchObject({ status: 500, code: 'api_error', message: 'api_error' });
  });

  it('calls the maintenance callback on a 503 and still rejects', async () => {
    const { client, onMaintenance } = clientAnswering(
      json(503, { code: 'MAINTENANCE', message: 'The system is being upgraded.' }),
    );
    const error = await client.list('cms-entries').catch((e: unknown) => e);
    expect(onMaintenance).toHaveBeenCalledTimes(1);
    expect(error).toMatchObject({ status: 503, code: 'MAINTENANCE' });
  });

  it('treats a 503 with an unreadable body as maintenance too', async () => {
    const { client, onMaintenance } = clientAnswering(
      async () => new Response('upstream down', { status: 503 }),
    );
    const error = await client.list('cms-entries').catch((e: unknown) => e);
    expect(onMaintenance).toHaveBeenCalledTimes(1);
    expect(error).toMatchObject({ status: 503, code: 'MAINTENANCE' });
  });

  it('does not call the maintenance callback for other failures', async () => {
    const { client, onMaintenance } = clientAnswering(json(500, { code: 'api_error', message: 'api_error' }));
    await client.list('cms-entries').catch(() => undefined);
    expect(onMaintenance).not.toHaveBeenCalled();
  });
});
