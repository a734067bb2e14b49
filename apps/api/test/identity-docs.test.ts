import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { createTestApp, createTestDatabase, type TestDatabase } from './helper';

let database: TestDatabase;
let app: App;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

type Operation = { security?: unknown[]; description?: string };

describe('identity calls in the OpenAPI document', () => {
  it('lists every identity call, with bearer security on those that need a session', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: Record<string, { scheme: string }> };
    }>();
    const expected: [string, string, boolean][] = [
      ['/api/v1/auth', 'post', false],
      ['/api/v1/auth/2fa', 'post', true],
      ['/api/v1/auth/2fa', 'get', true],
      ['/api/v1/auth/2fa/setup', 'post', true],
      ['/api/v1/auth/2fa/enable', 'post', true],
      ['/api/v1/auth/2fa/disable', 'post', true],
      ['/api/v1/auth/register', 'post', false],
      ['/api/v1/auth/activate', 'post', false],
      ['/api/v1/auth/activation/resend', 'post', false],
      ['/api/v1/auth/check-token', 'post', false],
      ['/api/v1/auth/logout', 'post', true],
      ['/api/v1/auth/forgot-password', 'post', false],
      ['/api/v1/auth/reset-password', 'post', false],
      ['/api/v1/auth/update-password', 'post', true],
      ['/api/v1/auth/me', 'get', true],
      ['/api/v1/auth/refresh', 'post', true],
      ['/api/v1/users/{id}', 'get', true],
      ['/api/v1/users/{id}', 'patch', true],
      ['/api/v1/users/{id}', 'delete', true],
      ['/api/v1/profile', 'patch', true],
      ['/api/v1/users/{id}/user-qualification', 'get', true],
    ];
    for (const [path, method, isSecured] of expected) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(Boolean(operation?.security), `${method} ${path} security`).toBe(isSecured);
    }
    expect(document.components.securitySchemes.bearerAuth?.scheme).toBe('bearer');
    expect(document.paths['/api/v1/users/{id}/user-qualification']?.get?.description).toMatch(
      /own user only/,
    );
  });
});
