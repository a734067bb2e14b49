import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { type BuildEnvironmentOptions, defineConfig, type UserConfig } from 'vite';
import { compileStartUpEagerly, mantineStyles, precompress } from './vite-plugins.ts';

// `npm run dev` serves the SPA on 5173 and forwards API calls to the Fastify server on 3000,
// so the client's default same-origin base URL works in development too.
const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

/** index.html and boot/main.tsx: the chunk index.html loads, as Vite's manifest names it. */
const isEntryModule = (id: string) => id.endsWith('/index.html') || id.includes('/src/boot/');

const CLIENT_BUILD: BuildEnvironmentOptions = {
  outDir: 'dist',
  emptyOutDir: true,
  // dist/.vite/manifest.json: which files each chunk needs, read by scripts/prerender.mjs and
  // scripts/web-budget.mjs.
  manifest: true,
  // Maps for our own debugging only: not referenced from the bundles, moved out of dist/ to
  // dist-sourcemaps/ by precompress(), and refused by the API all the same (spa.ts).
  sourcemap: 'hidden',
  // Vite warns of a chunk over 500 kB. The one above it is the staff dashboard's (recharts,
  // about 500 kB minified, 140 kB gzipped), loaded only when a staff member opens that page;
  // what the public pages load is held by `npm run budget` instead.
  chunkSizeWarningLimit: 600,
  rolldownOptions: {
    output: {
      // React, the router and TanStack Query change less often than the app: their own chunks stay
      // cached across releases. Other libraries go with the pages that use them, so a first visit
      // fetches only its own share (decision 063).
      codeSplitting: {
        groups: [
          { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 40 },
          { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 30 },
          { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
          // What every page starts with (the entry's static imports: the app's shell and providers,
          // Mantine's core, i18next, Zod's core) in one chunk, not some forty: a phone's browser
          // issues each file's preload on its main thread before the first paint, 200–700 ms for
          // 73 files at 8× (decision 082). Rolldown tags these modules `$initial`; the entry itself
          // stays apart.
          { name: 'start', tags: ['$initial'], test: (id) => !isEntryModule(id), priority: 10 },
        ],
      },
    },
  },
};

/**
 * `vite build --ssr src/boot/prerender.tsx` (scripts/build.mjs): the module that renders the public
 * pages at build time with `react-dom/static`, for Node, into dist-prerender/. Its manifest names
 * the source modules of each chunk, so the build knows which modules each page's render loaded.
 */
const PRERENDER_BUILD: UserConfig = {
  ssr: { noExternal: true },
  build: { outDir: 'dist-prerender', emptyOutDir: true, sourcemap: false, minify: false, manifest: true },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), mantineStyles(), ...(isSsrBuild ? [] : [compileStartUpEagerly(), precompress()])],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  ...(isSsrBuild ? PRERENDER_BUILD : { build: CLIENT_BUILD }),
}));
