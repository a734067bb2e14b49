import { describe, expect, it } from 'vitest';
import { useTestApp } from './helper';
import { bearer } from './identity';

const t = useTestApp();

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Every identity call, and whether it needs a session. */
const IDENTITY_CALLS: [path: string, method: Method, needsSession: boolean][] = [
  ['/api/v1/auth', 'POST', false],
  ['/api/v1/auth/2fa', 'POST', true],
  ['/api/v1/auth/2fa', 'GET', true],
  ['/api/v1/auth/2fa/setup', 'POST', true],
  ['/api/v1/auth/2fa/enable', 'POST', true],
  ['/api/v1/auth/2fa/disable', 'POST', true],
  ['/api/v1/auth/register', 'POST', false],
  ['/api/v1/auth/activate', 'POST', false],
  ['/api/v1/auth/activation/resend', 'POST', false],
  ['/api/v1/auth/check-token', 'POST', false],
  ['/api/v1/auth/logout', 'POST', true],
  ['/api/v1/auth/logout-everywhere', 'POST', true],
  ['/api/v1/auth/forgot-password', 'POST', false],
  ['/api/v1/auth/reset-password', 'POST', false],
  ['/api/v1/auth/update-password', 'POST', true],
  ['/api/v1/auth/me', 'GET', true],
  ['/api/v1/auth/refresh', 'POST', true],
  ['/api/v1/users/{id}', 'GET', true],
  ['/api/v1/users/{id}', 'PATCH', true],
  ['/api/v1/users/{id}', 'DELETE', true],
  ['/api/v1/profile', 'PATCH', true],
  ['/api/v1/users/{id}/user-qualification', 'GET', true],
];

const call = (path: string, method: Method, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url: path.replace('{id}', '1'),
    headers,
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });

describe('the session guard on the identity calls', () => {
  it('refuses every call that needs a session without one or with an unknown token: 401 UNAUTHORIZED_ACCESS', async () => {
    for (const [path, method] of IDENTITY_CALLS.filter(([, , needsSession]) => needsSession)) {
      for (const headers of [{}, bearer('A'.repeat(43)), { authorization: 'Basic xyz' }]) {
        const response = await call(path, method, headers);
        expect(response.statusCode, `${method} ${path}`).toBe(401);
        expect(response.json<{ code: string }>().code, `${method} ${path}`).toBe('UNAUTHORIZED_ACCESS');
      }
    }
  });

  it('lets the calls that need no session through without one', async () => {
    for (const [path, method] of IDENTITY_CALLS.filter(([, , needsSession]) => !needsSession)) {
      const response = await call(path, method);
      expect(response.json<{ code?: string }>().code, `${method} ${path}`).not.toBe('UNAUTHORIZED_ACCESS');
    }
  });
});

describe('identity calls in the OpenAPI document', () => {
  it('lists every identity call, with bearer security exactly on those that need a session', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown[]; description?: string }>>;
      components: { securitySchemes: Record<string, { scheme: string }> };
    }>();
    for (const [path, method, needsSession] of IDENTITY_CALLS) {
      const operation = document.paths[path]?.[method.toLowerCase()];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(Boolean(operation?.security), `${method} ${path} security`).toBe(needsSession);
    }
    expect(document.components.securitySchemes.bearerAuth?.scheme).toBe('bearer');
    expect(document.paths['/api/v1/users/{id}/user-qualification']?.get?.description).toMatch(
      /own user only/,
    );
  });
});
