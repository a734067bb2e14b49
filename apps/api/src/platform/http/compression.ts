import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Brotli or gzip, as the client accepts, for answers of 1 kB and more (decision 063): JSON lists
 * shrink five to ten times on a metered phone connection. The SPA's files come precompressed from
 * the build (spa.ts), so nothing is compressed twice: an answer that already has a
 * Content-Encoding is left alone, and so are PDFs and images (not compressible types).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Compressed request bodies stay refused as before (the plugin would inflate every route's body).
  app.addHook('onRoute', (route) => {
    route.decompress ??= false;
  });
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });
}
