// How esbuild bundles the API (decision 038): the build's (build.mjs) and the test's that runs the
// bundle under another Node (apps/api/test/node-version.test.ts), so both run the same files.
import { join } from 'node:path';

/** esbuild's options for the API's bundle, from `apiDir` (apps/api) into `outdir`. */
export function apiBundleOptions({ apiDir, outdir }) {
  return {
    entryPoints: {
      // The entry checks the Node version, then imports the server (src/server.ts).
      main: join(apiDir, 'src/main.ts'),
      cli: join(apiDir, 'src/cli.ts'),
      // The render pool's thread (platform/pdf/render-pool.ts), beside main.js (decision 084).
      'render-worker': join(apiDir, 'src/platform/pdf/render-worker.ts'),
      // The upload check's thread (modules/documents/check-pool.ts), beside main.js (decision 098).
      'check-worker': join(apiDir, 'src/modules/documents/check-worker.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The entries share their code in chunks beside them (dist/chunk-*.js), and a dynamic import
    // stays one: `cli.ts` loads the commands, and with them the API's packages, only to run one.
    splitting: true,
    target: 'node24',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        // The project's own code and @lisbon/domain are bundled; every npm package stays a
        // `dependency` loaded from node_modules (native modules such as better-sqlite3 included).
        name: 'dependencies-stay-external',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (resolve) =>
            resolve.path.startsWith('@lisbon/') ? undefined : { path: resolve.path, external: true },
          );
        },
      },
    ],
  };
}
