import { REQUEST_TIMEOUT_MS } from '@lisbon/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '@/test/fakeXhr';
import { createApiClient } from './client';

afterEach(() => {
  vi.useRealTimers();
});

describe('api client: upload with progress', () => {
  function withXhr() {
    const sent: FakeXhr[] = [];
    const client = createApiClient({
      baseUrl: '/api/v1',
      getToken: () => 'secret-token',
      getLanguage: () => 'en-US',
      onMaintenance: () => undefined,
      createXhr: () => new FakeXhr((xhr) => sent.push(xhr)) as unknown as XMLHttpRequest,
    });
    return { client, sent };
  }

  it('reports the progress of the body and reads the answer like any other', async () => {
    const { client, sent } = withXhr();
    const onProgress = vi.fn();
    const file = new File(['scan'], 'diploma.pdf', { type: 'application/pdf' });
    const done = client.upload('documents', { type: 'diploma', file }, { onProgress });
    const xhr = sent[0];
    if (!xhr) throw new Error('nothing sent');
    expect(xhr.method).toBe('POST');
    expect(xhr.headers.get('Authorization')).toBe('Bearer secret-token');
    expect(xhr.field('file')).toBeInstanceOf(File);
    xhr.progress(50, 200);
    xhr.progress(200, 200);
    xhr.respond(201, { data: { id: 4 } });
    await expect(done).resolves.toEqual({ data: { id: 4 } });
    expect(onProgress.mock.calls.map(([progress]) => progress)).toEqual([
      { loaded: 50, total: 200 },
      { loaded: 200, total: 200 },
    ]);
  });

  it('replaces with PUT and normalises a refusal', async () => {
    const { client, sent } = withXhr();
    const done = client.upload(
      'documents/7',
      { file: new Blob(['MZ']) },
      { method: 'PUT', onProgress: () => {} },
    );
    expect(sent[0]?.method).toBe('PUT');
    sent[0]?.respond(415, { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Not accepted' });
    await expect(done).rejects.toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it(`gives up only after ${REQUEST_TIMEOUT_MS} ms without progress`, async () => {
    vi.useFakeTimers();
    const { client, sent } = withXhr();
    const outcome = client
      .upload('documents', { file: new Blob(['x']) }, { onProgress: () => {} })
      .catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    sent[0]?.progress(1, 10);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    sent[0]?.respond(201, { data: null });
    await expect(outcome).resolves.toEqual({ data: null });

    const stalled = client
      .upload('documents', { file: new Blob(['x']) }, { onProgress: () => {} })
      .catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    await expect(stalled).resolves.toMatchObject({ status: 500, message: 'api_error' });
  });
});
