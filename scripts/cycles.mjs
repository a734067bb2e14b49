// Import cycles, checked by `npm run lint`: no file imports itself back through others anywhere in
// the domain, the API or the web app, and no two API modules (apps/api/src/modules/<x>/) import
// each other in a circle, directly or through others (decision 072, docs/engineering.md).
// `node scripts/cycles.mjs [root]` prints each cycle and exits 1 if there is one, or if an import of
// the repository's own files (relative, `@/`, `@lisbon/`) cannot be resolved.
import { cruise } from 'dependency-cruiser';
import { fileURLToPath } from 'node:url';

const SOURCES = ['packages/domain/src', 'apps/api/src', 'apps/web/src'];

/** The strongly connected components of more than one node (Tarjan), each sorted. */
export function circles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node), index.get(to)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

const moduleOf = (path) => /(?:^|\/)apps\/api\/src\/modules\/([^/]+)\//.exec(path)?.[1] ?? null;

// Imports that name a file of this repository: relative, the web app's `@/` alias, a workspace package.
const isOurs = (request) => /^(\.|@\/|@lisbon\/)/.test(request);

/** Every cycle under `root`: between files, and between the API's modules. */
export async function findCycles(root = process.cwd()) {
  const result = await cruise(SOURCES, {
    baseDir: root,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(\\.test\\.tsx?|/test/)' },
    // Type-only imports count: a cycle through types still ties the two files' meanings together.
    tsPreCompilationDeps: true,
    // The web tsconfig's `paths` resolve `@/…`; other files have no alias, so it is safe for all.
    tsConfig: { fileName: `${root}/apps/web/tsconfig.json` },
    // `exports` leads `@lisbon/domain` to its source, as it does for TypeScript and Vite.
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'] },
  });
  const files = new Map();
  const modules = new Map();
  const unresolved = [];
  for (const file of result.output.modules) {
    const from = moduleOf(file.source);
    for (const dependency of file.dependencies) {
      // A file the check cannot find could hide a cycle; npm packages and node builtins cannot.
      if (dependency.couldNotResolve && isOurs(dependency.module))
        unresolved.push(`${file.source} imports '${dependency.module}', which cannot be resolved`);
      if (dependency.coreModule || dependency.couldNotResolve || dependency.resolved.includes('node_modules'))
        continue;
      if (!files.has(file.source)) files.set(file.source, new Set());
      files.get(file.source).add(dependency.resolved);
      const to = moduleOf(dependency.resolved);
      if (from && to && from !== to) {
        if (!modules.has(from)) modules.set(from, new Set());
        modules.get(from).add(to);
      }
    }
  }
  if (unresolved.length > 0) throw new Error(unresolved.join('\n'));
  return { files: circles(files), modules: circles(modules) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files, modules } = await findCycles(process.argv[2]).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
  for (const cycle of modules) console.error(`modules in a circle: ${cycle.join(', ')}`);
  for (const cycle of files) console.error(`files in a circle: ${cycle.join(', ')}`);
  if (files.length + modules.length > 0) process.exit(1);
  console.log('no import cycles');
}
