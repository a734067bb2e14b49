import { describe, expect, it } from 'vitest';
import { useTestApp } from './helper';

const t = useTestApp();

type Operation = {
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: { properties: Record<string, { format?: string }> } }> };
  description?: string;
  parameters?: { name: string; in: string; schema: { type?: string; default?: unknown } }[];
};

describe('request-flow calls in the OpenAPI document', () => {
  it('lists every call, public or behind a session, with its schemas', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const expected: [string, string, boolean][] = [
      ['/api/v1/countries', 'get', false],
      ['/api/v1/countries/{code}', 'get', false],
      ['/api/v1/services/discovery', 'get', false],
      ['/api/v1/practices', 'post', true],
      ['/api/v1/practices', 'get', true],
      ['/api/v1/practices/draft', 'get', true],
      ['/api/v1/practices/{id}', 'get', true],
      ['/api/v1/practices/{id}', 'delete', true],
      ['/api/v1/practices/{id}/purpose', 'patch', true],
      ['/api/v1/practices/{id}/qualification', 'patch', true],
      ['/api/v1/practices/{id}/review', 'post', true],
      ['/api/v1/practices/{id}/submit', 'post', true],
      ['/api/v1/documents', 'get', true],
      ['/api/v1/documents', 'post', true],
      ['/api/v1/documents/{id}', 'put', true],
      ['/api/v1/documents/{id}', 'delete', true],
      ['/api/v1/documents/{id}/download', 'get', true],
      ['/api/v1/users/{id}/user-qualification', 'get', true],
      ['/api/v1/users/{id}/user-qualification', 'post', true],
      ['/api/v1/users/{id}/user-qualification/{entryId}', 'patch', true],
      ['/api/v1/users/{id}/user-qualification/{entryId}', 'delete', true],
      ['/api/v1/users/{id}/notifications', 'get', true],
      ['/api/v1/consent/form', 'get', true],
    ];
    for (const [path, method, isSecured] of expected) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(Boolean(operation?.security), `${method} ${path} security`).toBe(isSecured);
    }
    const upload = document.paths['/api/v1/documents']?.post?.requestBody?.content['multipart/form-data'];
    expect(upload?.schema.properties.file?.format).toBe('binary');
    expect(Object.keys(upload?.schema.properties ?? {})).toEqual(
      expect.arrayContaining(['type', 'practice_id']),
    );
    // Ids and pages are decimal digits (decimalInteger), still described as integers.
    const parameter = (path: string, name: string) =>
      document.paths[path]?.get?.parameters?.find((candidate) => candidate.name === name)?.schema;
    expect(parameter('/api/v1/practices/{id}', 'id')?.type).toBe('integer');
    expect(parameter('/api/v1/practices', 'page')).toMatchObject({ type: 'integer', default: 1 });
    expect(parameter('/api/v1/practices', 'perPage')).toMatchObject({ type: 'integer', default: 20 });
    expect(parameter('/api/v1/documents', 'practice_id')?.type).toBe('integer');
    expect(document.paths['/api/v1/practices/{id}/submit']?.post?.description).toMatch(
      /PAYMENT_REQUIRED.*checkout/,
    );
  });
});
