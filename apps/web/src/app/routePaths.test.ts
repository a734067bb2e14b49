import { describe, expect, it } from 'vitest';
import { pathsOfOtherPages } from './routePaths';
import { buildRoutes } from './routes';

const routes = buildRoutes(() => () => null);

describe('pathsOfOtherPages', () => {
  it('names the fixed paths a page’s pattern matches that the router gives another page', () => {
    expect(pathsOfOtherPages(routes, '/verify/{id}', '/verify/-')).toEqual(['/verify/wallet']);
  });

  it('names none for a page without a parameter', () => {
    expect(pathsOfOtherPages(routes, '/auth/login', '/auth/login')).toEqual([]);
    expect(pathsOfOtherPages(routes, '/', '/')).toEqual([]);
  });
});
