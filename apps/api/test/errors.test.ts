import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestApp } from './helper';

const t = useTestApp();
beforeAll(async () => {
  // Routes that exist only in this test, to reach the error paths no production route triggers yet.
  t.app.post(
    '/api/v1/test/echo',
    { schema: { body: z.object({ name: z.string().min(3), email: z.email() }) } },
    async (request) => ({ data: request.body }),
  );
  t.app.post(
    '/api/v1/test/strict',
    { schema: { body: z.strictObject({ name: z.string().optional() }) } },
    async (request) => ({ data: request.body }),
  );
  t.app.get('/api/v1/test/boom', async () => {
    throw new Error('connection to postgres://admin:s3cret@db failed');
  });
  await t.app.ready();
});

describe('error contract', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nope',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });

  it('answers malformed JSON with 400 BAD_REQUEST', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ada",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: 'The request could not be read.' });
  });

  it('answers a body that is not JSON with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    for (const contentType of ['text/plain', 'application/xml']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/test/echo',
        headers: { 'content-type': contentType },
        payload: 'name=Ada',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
  });

  it('answers a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), email: 'a@b.it' }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('tells a missing field ("required") apart from a wrong one in the 422 field map', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      payload: { email: 'not-an-email' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Some fields are not valid.',
      errors: { name: ['This field is required'], email: ['Email not valid'] },
    });
  });

  it('answers keys named like Object.prototype members with 422 on those keys, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/strict',
      headers: { 'content-type': 'application/json' },
      payload:
        '{"constructor": 1, "toString": "x", "valueOf": [], "hasOwnProperty": {}, "isPrototypeOf": null}',
    });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json<{ errors: Record<string, string[]> }>();
    expect(Object.keys(errors).sort()).toEqual(
      ['constructor', 'hasOwnProperty', 'isPrototypeOf', 'toString', 'valueOf'].sort(),
    );
    expect(errors.constructor).toEqual([expect.any(String)]);
  });

  it('answers a thrown error with exactly { code: "api_error", message: "api_error" }', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'api_error', message: 'api_error' });
    expect(response.body).not.toMatch(/s3cret|postgres|stack|at /);
  });

  it('echoes a fresh request id on every answer, errors included', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/v1/test/boom' });
    const second = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(first.headers['x-request-id']).toMatch(uuid);
    expect(second.headers['x-request-id']).toMatch(uuid);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });
});
