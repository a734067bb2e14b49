import { REQUEST_TIMEOUT_MS } from '@lisbon/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiClient } from './client';
import { ApiError } from './errors';

type FetchArgs = Parameters<typeof fetch>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(respond: (...args: FetchArgs) => Promise<Response> = async () => json(200, { data: null })) {
  const fetchMock = vi.fn(respond);
  const onMaintenance = vi.fn();
  const client = createApiClient({
    baseUrl: '/api/v1',
    getToken: () => 'secret-token',
    getLanguage: () => 'it-IT',
    onMaintenance,
    fetch: fetchMock,
  });
  const request = (call = 0) => {
    const [url, init] = fetchMock.mock.calls[call] ?? [];
    return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
  };
  return { client, fetchMock, onMaintenance, request };
}

/** A fetch that only ends when its signal aborts, as a server that never answers. */
const hangingFetch = (_url: FetchArgs[0], init?: FetchArgs[1]) =>
  new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
  });

afterEach(() => {
  vi.useRealTimers();
});

describe('api client: requests', () => {
  it('builds the URL from the base, the path and the query, skipping empty values', async () => {
    const { client, request } = setup();
    await client.list('cms-entries', {
      entity: 'faq',
      locale: 'en-US',
      page: 2,
      missing: undefined,
      tags: ['a', 'b'],
    });
    expect(request().url).toBe('/api/v1/cms-entries?entity=faq&locale=en-US&page=2&tags=a&tags=b');
    expect(request().init.method).toBe('GET');
  });

  it('sends the bearer token and the current language', async () => {
    const { client, request } = setup();
    await client.get('auth/me');
    expect(request().headers.get('Authorization')).toBe('Bearer secret-token');
    expect(request().headers.get('Accept-Language')).toBe('it-IT');
  });

  it('omits the token when the call opts out with auth: false', async () => {
    const { client, request } = setup();
    await client.create('auth', { email: 'a@b.it', password: 'x' }, { auth: false });
    expect(request().headers.has('Authorization')).toBe(false);
  });

  it('sends JSON bodies with POST, PATCH and PUT, ids in the path, DELETE without a body', async () => {
    const { client, request } = setup();
    await client.create('practices', { purpose: 'other' });
    await client.update('practices', 12, { purpose: 'visa' });
    await client.remove('practices', 'a b');
    await client.put('staff/practices/3/assessment', { major: 'Physics' });
    expect(request(0).init).toMatchObject({ method: 'POST', body: '{"purpose":"other"}' });
    expect(request(0).headers.get('Content-Type')).toBe('application/json');
    expect(request(1)).toMatchObject({ url: '/api/v1/practices/12', init: { method: 'PATCH' } });
    expect(request(2)).toMatchObject({
      url: '/api/v1/practices/a%20b',
      init: { method: 'DELETE', body: undefined },
    });
    expect(request(3)).toMatchObject({
      url: '/api/v1/staff/practices/3/assessment',
      init: { method: 'PUT', body: '{"major":"Physics"}' },
    });
  });
});

describe('api client: answers', () => {
  it('unwraps data and meta from the envelope', async () => {
    const meta = { page: 1, perPage: 20, total: 1 };
    const { client } = setup(async () => json(200, { data: [{ id: 1 }], meta }));
    await expect(client.list('practices')).resolves.toEqual({ data: [{ id: 1 }], meta });
  });

  it('returns data alone when the answer has no meta', async () => {
    const { client } = setup(async () => json(200, { data: { status: 'ok' } }));
    await expect(client.get('health')).resolves.toEqual({ data: { status: 'ok' } });
  });

  it("carries a change's success message from meta as its notice", async () => {
    const meta = { notice: 'noteAdded', message: 'Note added' };
    const { client } = setup(async () => json(200, { data: { id: 4 }, meta }));
    await expect(client.create('staff/practices/4/notes', { text: 'x' })).resolves.toEqual({
      data: { id: 4 },
      notice: meta,
    });
  });

  it('checks data against a schema and treats a mismatch as unreadable', async () => {
    const { client } = setup(async () => json(200, { data: { id: 'not a number' } }));
    const failure = client.get('users', 1, { schema: z.object({ id: z.number() }) });
    await expect(failure).rejects.toMatchObject({ status: 500, message: 'api_error' });
  });

  it('downloads a blob', async () => {
    const { client, request } = setup(async () => new Response(new Blob(['%PDF-1.7']), { status: 200 }));
    const blob = await client.download('invoices/3/pdf');
    expect(await blob.text()).toBe('%PDF-1.7');
    expect(request().headers.get('Authorization')).toBe('Bearer secret-token');
  });
});

describe('api client: timeout', () => {
  it(`gives up after ${REQUEST_TIMEOUT_MS} ms with a 500 api_error`, async () => {
    vi.useFakeTimers();
    const { client } = setup(hangingFetch);
    const outcome = client.get('health').then(
      () => 'resolved',
      (error: unknown) => error,
    );
    let settled = false;
    void outcome.then(() => (settled = true));

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, code: 'api_error', message: 'api_error' });
  });
});

describe('api client: in-flight sharing', () => {
  it('shares one fetch between identical GETs in flight', async () => {
    const { client, fetchMock } = setup(async () => json(200, { data: 1 }));
    const [first, second] = await Promise.all([
      client.list('cms-entries', { entity: 'faq' }),
      client.list('cms-entries', { entity: 'faq' }),
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(first).toEqual(second);
  });

  it('does not share GETs that differ in their query', async () => {
    const { client, fetchMock } = setup(async () => json(200, { data: 1 }));
    await Promise.all([
      client.list('cms-entries', { entity: 'faq' }),
      client.list('cms-entries', { entity: 'country_tips' }),
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('fetches again once the shared request has settled', async () => {
    const { client, fetchMock } = setup(async () => json(200, { data: 1 }));
    await client.get('health');
    await client.get('health');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never shares writes', async () => {
    const { client, fetchMock } = setup(async () => json(200, { data: 1 }));
    await Promise.all([client.create('messages', { text: 'hi' }), client.create('messages', { text: 'hi' })]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('api client: multipart upload', () => {
  it('posts FormData and lets the browser set the multipart boundary', async () => {
    const { client, request } = setup();
    const file = new File(['scan'], 'diploma.pdf', { type: 'application/pdf' });
    await client.upload('documents', { type: 'diploma', files: [file] });
    const body = request().init.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('files[0]')).toBeInstanceOf(File);
    expect(request().headers.has('Content-Type')).toBe(false);
  });
});

describe('api client: session', () => {
  function withSession(status: number) {
    let stored: string | null = 'stored-token';
    const onUnauthorized = vi.fn();
    const fetchMock = vi.fn(async () => json(status, { code: 'TOKEN_EXPIRED', message: 'Expired' }));
    const client = createApiClient({
      baseUrl: '/api/v1',
      getToken: () => stored,
      getLanguage: () => 'en-US',
      onMaintenance: () => undefined,
      onUnauthorized,
      fetch: fetchMock,
    });
    return { client, fetchMock, onUnauthorized, forget: () => (stored = null) };
  }

  it('sends an explicit token instead of the stored one', async () => {
    const { client, fetchMock } = withSession(200);
    fetchMock.mockResolvedValueOnce(json(200, { data: null }));
    await client.create('auth/2fa', { code: '123456' }, { token: 'pending-token' });
    const headers = new Headers((fetchMock.mock.calls[0] as FetchArgs | undefined)?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer pending-token');
  });

  it('reports a 401 to the stored token as the end of the session', async () => {
    const { client, onUnauthorized } = withSession(401);
    await expect(client.get('auth/me')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves a 401 to an explicit token, or to a call without one, to the caller', async () => {
    const { client, onUnauthorized } = withSession(401);
    await expect(client.create('auth/2fa', { code: '1' }, { token: 'pending' })).rejects.toThrow();
    await expect(client.create('auth', {}, { auth: false })).rejects.toThrow();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('ignores a 401 to a token this tab has already forgotten', async () => {
    const { client, onUnauthorized, fetchMock, forget } = withSession(401);
    fetchMock.mockImplementationOnce(async () => {
      forget();
      return json(401, { code: 'UNAUTHORIZED_ACCESS', message: 'Log in' });
    });
    await expect(client.create('auth/logout', { cause: 'user' })).rejects.toThrow();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends a body with a DELETE that needs one', async () => {
    const { client, fetchMock } = withSession(204);
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await client.remove('users', 7, { body: { email: 'ada@example.org' } });
    const init = (fetchMock.mock.calls[0] as FetchArgs | undefined)?.[1];
    expect(init?.method).toBe('DELETE');
    expect(init?.body).toBe('{"email":"ada@example.org"}');
  });
});
