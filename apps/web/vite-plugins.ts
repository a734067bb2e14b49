// The SPA's own build steps (decision 063): Mantine's styles per component, V8's compile hint on the
// code every visit starts with (decision 082), and the build's compressed copies with the source
// maps set aside.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A Mantine component's class names (`esm/components/Button/Button.module.mjs`), by package. */
const MANTINE_CLASSES =
  /[\\/]@mantine[\\/](core|dropzone|notifications)[\\/]esm[\\/].*?([\w-]+)\.module\.mjs$/;

/**
 * Mantine's stylesheet per component rather than the whole of it (250 kB): each component's class
 * names module gets an import of the component's own CSS (`@mantine/core/styles/Button.css`), so
 * the CSS lands in the chunk of the pages that use the component, after the CSS of the components
 * it is built from (imported first). boot/main.tsx imports the base styles. In development Vite serves
 * Mantine pre-bundled, past this hook: boot/main.tsx gets the whole stylesheets there.
 */
export function mantineStyles(): Plugin {
  const coreStyles = dirname(fileURLToPath(import.meta.resolve('@mantine/core/styles.css')));
  let isBuild = true;
  return {
    name: 'lisbon-mantine-styles',
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    transform(code, id) {
      if (!isBuild) {
        if (!/[\\/]src[\\/]boot[\\/]main\.tsx$/.test(id)) return null;
        const whole = ['@mantine/core', '@mantine/notifications', '@mantine/dropzone'];
        return { code: `${whole.map((pkg) => `import '${pkg}/styles.css';`).join('')}\n${code}`, map: null };
      }
      const match = MANTINE_CLASSES.exec(id);
      if (!match) return null;
      const [, pkg, component = ''] = match;
      const css =
        pkg === 'core'
          ? existsSync(join(coreStyles, 'styles', `${component}.css`)) &&
            `@mantine/core/styles/${component}.css`
          : `@mantine/${pkg}/styles.css`;
      // Appended: imports are hoisted all the same, and no line of the module moves (map: null).
      return css ? { code: `${code}\nimport '${css}';\n`, map: null } : null;
    },
  };
}

/**
 * V8's explicit compile hint (Chromium 136 and later): compile every function of the file at once,
 * on a background thread while the file downloads. Other browsers read a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The entry and every chunk it imports, however deep (React, React Router, TanStack Query,
 * i18next, zod's core, Mantine's core, the app's shell), start with V8's compile hint: every visit
 * runs them before its first render. Without it, V8 compiles each function on the main thread the
 * first time it is called, inside the start-up task. The chunks of lazy routes keep V8's own
 * heuristics: much of their code runs only when the user acts.
 */
export function compileStartUpEagerly(): Plugin {
  return {
    name: 'lisbon-compile-start-up-eagerly',
    apply: 'build',
    // After Vite's own step that writes the preload lists into the chunks that import lazily.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const startUp = new Map<string, Rolldown.OutputChunk>();
        const visit = (fileName: string) => {
          const output = bundle[fileName];
          if (output?.type !== 'chunk' || startUp.has(fileName)) return;
          startUp.set(fileName, output);
          output.imports.forEach(visit);
        };
        for (const output of Object.values(bundle))
          if (output.type === 'chunk' && output.isEntry) visit(output.fileName);
        for (const [fileName, chunk] of startUp) {
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          // The code moved down a line: so does every line of its source map (an asset of its own).
          const map = bundle[`${fileName}.map`];
          if (map?.type === 'asset') {
            const { mappings, ...rest } = JSON.parse(String(map.source)) as { mappings: string };
            map.source = JSON.stringify({ ...rest, mappings: `;${mappings}` });
          }
        }
      },
    },
  };
}

/** Text the browser asks for; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * After `vite build`: a Brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside each
 * text file of the build, which the API serves by content negotiation, so no request pays for
 * compression; and the source maps moved out of the served directory to `dist-sourcemaps/` (kept
 * for reading a stack trace, never served).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'lisbon-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const mapsDir = `${outDir}-sourcemaps`;
      rmSync(mapsDir, { recursive: true, force: true });
      // Dotfiles (Vite's manifest, the build stamp) are the build's own, never served.
      const files = filesUnder(outDir).filter(
        (path) =>
          !relative(outDir, path)
            .split(sep)
            .some((part) => part.startsWith('.')),
      );
      for (const map of files.filter((path) => path.endsWith('.map'))) {
        const target = join(mapsDir, relative(outDir, map));
        mkdirSync(dirname(target), { recursive: true });
        renameSync(map, target);
      }
      const texts = files.filter((path) => COMPRESSIBLE.test(path) && statSync(path).size >= MIN_BYTES);
      await Promise.all(
        texts.map(async (path) => {
          const content = readFileSync(path);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: 9 }),
          ]);
          writeFileSync(`${path}.br`, br);
          writeFileSync(`${path}.gz`, gz);
        }),
      );
    },
  };
}
