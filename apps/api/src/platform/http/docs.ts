import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

export type DocsOptions = { version: string; publicUrl: string };

/**
 * OpenAPI 3 generated from the routes' zod schemas, with swagger-ui at /api/docs and the JSON at
 * /api/docs/json. Registered before the routes, which it collects as they are added.
 * swagger-ui 6 loads only script files (no inline script), so it runs under the global CSP unchanged.
 */
export async function registerDocs(app: FastifyInstance, { version, publicUrl }: DocsOptions): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Lisbon API',
        description:
          'Qualification-recognition portal. Success: `{ data, meta? }`; failure: `{ code, message, errors? }`.',
        version,
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The `access_token` of POST /api/v1/auth, or of POST /api/v1/auth/2fa after a second factor: opaque, 256 random bits, sliding expiry.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
}
