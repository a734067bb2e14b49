import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config';
import { createTestApp, useTestApp } from './helper';

const t = useTestApp();

describe('API documentation', () => {
  it('publishes OpenAPI 3 at /api/docs/json listing the endpoints with their schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<
        string,
        Record<string, { parameters?: { name: string }[]; responses?: Record<string, unknown> }>
      >;
      components: { schemas: Record<string, unknown> };
    }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/v1/health', '/api/v1/cms-entries']),
    );
    const parameters = document.paths['/api/v1/cms-entries']?.get?.parameters?.map((p) => p.name);
    expect(parameters).toEqual(expect.arrayContaining(['entity', 'locale']));
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['CmsEntry', 'Health']));
    expect(Object.keys(document.paths).some((path) => path.startsWith('/api/docs'))).toBe(false);
    // A refused refund given back by hand (decision 068): described with its id and answers.
    const givenBack = document.paths['/api/v1/staff/refunds/{id}/given-back-by-hand']?.post;
    expect(givenBack?.parameters?.map((p) => p.name)).toEqual(['id']);
    expect(Object.keys(givenBack?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '403', '404', '409', '422']),
    );
    expect(Object.keys(document.components.schemas)).toContain('Refund');
  });

  it('serves swagger-ui at /api/docs with no inline script', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('is not served with API_DOCS=false, the production default; API_DOCS=true serves it there', async () => {
    const closed = await createTestApp(t.database, { env: { API_DOCS: 'false' } });
    try {
      for (const url of ['/api/docs/json', '/api/docs/'])
        expect((await closed.inject({ method: 'GET', url })).statusCode).toBe(404);
      expect((await closed.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    } finally {
      await closed.close();
    }
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://lisbon@db.internal/lisbon',
      PUBLIC_URL: 'https://portal.example.org',
    };
    expect(loadConfig(production).isApiDocsServed).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).isApiDocsServed).toBe(true);
    expect(loadConfig({}).isApiDocsServed).toBe(true);
  });
});
