import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { type BuildEnvironmentOptions, defineConfig, type UserConfig } from 'vite';
import { appShellScrollClasses, mantineStyles, precompress } from './vite-plugins';

const reactOnPreact = fileURLToPath(new URL('./src/react-on-preact.ts', import.meta.url));
const REACT_ON_PREACT = [
  { find: /^react$/, replacement: reactOnPreact },
  { find: /^react-dom$/, replacement: reactOnPreact },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
];

// `npm run dev` serves the SPA on 5173 and forwards API calls to the Fastify server on 3000,
// so the client's default same-origin base URL works in development too.
const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

const CLIENT_BUILD: BuildEnvironmentOptions = {
  outDir: 'dist',
  emptyOutDir: true,
  // dist/.vite/manifest.json: which files each page needs, read by scripts/web-budget.mjs.
  manifest: true,
  // Maps for our own debugging only: not referenced from the bundles, moved out of dist/ to
  // dist-sourcemaps/ by precompress(), and refused by the API all the same (spa.ts).
  sourcemap: 'hidden',
  rolldownOptions: {
    // No `treeshake.manualPureFunctions: ['z']` (decision 063): it names a function in every
    // module, and Preact's minified diff is a `z` too (decision 075). The domain's split modules
    // keep most unused schemas out all the same; the rest costs about 3 kB.
    output: {
      // React (Preact), the router and TanStack Query change less often than the app: their own
      // chunks stay cached across releases. Each is evaluated in a task of its own on a first visit
      // (decision 081), and Query's one chunk replaced four small copies in others. Other libraries
      // go with the pages that use them, so a first visit fetches only its own share (decision 063).
      codeSplitting: {
        // The small chunks Rolldown makes of modules that several chunks share go into those that
        // import them: a first visit fetches about 25 files instead of 65 (decision 075). The
        // duplicates weigh about 5 kB; on a slow line 40 requests fewer weigh more.
        experimentalInlineCommonChunks: { maxSize: 8_000 },
        groups: [
          {
            name: 'react',
            test: /node_modules[\\/](preact|react|react-dom|scheduler)[\\/]/,
            priority: 40,
          },
          {
            name: 'router',
            test: /node_modules[\\/]react-router[\\/]/,
            priority: 30,
          },
          {
            name: 'query',
            test: /node_modules[\\/]@tanstack[\\/]/,
            priority: 20,
          },
        ],
      },
    },
  },
};

/**
 * `vite build --ssr src/prerender.tsx` (scripts/build.mjs): the module that renders the public pages
 * at build time, for Node, every library bundled so that the aliases above hold there too (the
 * pages are rendered by the Preact that hydrates them), into dist-prerender/ (decision 075).
 */
const PRERENDER_BUILD: UserConfig = {
  ssr: { noExternal: true },
  build: { outDir: 'dist-prerender', emptyOutDir: true, sourcemap: false, minify: false },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), mantineStyles(), appShellScrollClasses(), ...(isSsrBuild ? [] : [precompress()])],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // The app runs on Preact's React compatibility layer: 10 kB instead of React's 68 kB on every
      // first visit (decision 075). The tests render with React itself (vitest.config.ts).
      ...REACT_ON_PREACT,
    ],
  },
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  ...(isSsrBuild ? PRERENDER_BUILD : { build: CLIENT_BUILD }),
}));
