import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { mantineStyles, precompress } from './vite-plugins';

// `npm run dev` serves the SPA on 5173 and forwards API calls to the Fastify server on 3000,
// so the client's default same-origin base URL works in development too.
const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

export default defineConfig({
  plugins: [react(), mantineStyles(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which files each page needs, read by scripts/web-budget.mjs.
    manifest: true,
    // Maps for our own debugging only: not referenced from the bundles, moved out of dist/ to
    // dist-sourcemaps/ by precompress(), and refused by the API all the same (spa.ts).
    sourcemap: 'hidden',
    rolldownOptions: {
      // Building a zod schema changes nothing else: a module's schemas that no page uses are
      // dropped with it (the phone-number metadata behind the phone schema, say), decision 063.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // React changes less often than the app: its own chunk stays cached across releases. Other
        // libraries go with the pages that use them, so a first visit fetches only its own share
        // (decision 063).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 30,
            },
          ],
        },
      },
    },
  },
});
