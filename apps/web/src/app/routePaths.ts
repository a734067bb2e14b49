import { matchPath, matchRoutes, type RouteObject } from 'react-router';

// What the route table says of its paths, for the build's pre-rendering (boot/prerender.tsx).

/** Every path of the table without a parameter, as its parents' paths make it (`/verify/wallet`). */
function fixedPaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path}`;
    const own = route.path !== undefined && !/[:*]/.test(path) ? [path] : [];
    return [...own, ...fixedPaths(route.children ?? [], path)];
  });
}

/** The page the router renders at `path`: its deepest route. */
const leafAt = (routes: RouteObject[], path: string) => matchRoutes(routes, path)?.at(-1)?.route;

/**
 * The fixed paths `page` (`/verify/{id}`) matches whose page is another (`/verify/wallet`): the
 * server sends them the shell, not this page's HTML, which they would not hydrate (decision 082).
 */
export function pathsOfOtherPages(routes: RouteObject[], page: string, url: string): string[] {
  const pattern = page.replace(/\{([^/}]+)\}/g, ':$1');
  const own = leafAt(routes, url);
  return fixedPaths(routes).filter(
    (path) => matchPath(pattern, path) !== null && leafAt(routes, path) !== own,
  );
}
