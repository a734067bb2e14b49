import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// One runner, three projects: pure rules, the API on a real database, the web client in happy-dom.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Form tests type into many fields, and the first test rendering a page imports its chunk
          // (decision 063): a busy 2-core CI machine needs more than the 5 s default.
          testTimeout: 30_000,
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
