import { describe, expect, it } from 'vitest';
import { loginPath, safeNext } from './loginPath';

describe('the page to go to after login', () => {
  it('keeps a page of this site, with its query', () => {
    expect(safeNext('/practices/12?tab=documents')).toBe('/practices/12?tab=documents');
    expect(loginPath('/practices/12')).toBe('/auth/login?next=%2Fpractices%2F12');
  });

  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    // The URL parser drops tabs and line breaks: each of these is //evil.example.
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '/\t/\tevil.example',
    '/\u0000/evil.example',
    '/auth/login',
    '/login?next=/x',
  ])('ignores %j', (value) => {
    expect(safeNext(value)).toBeNull();
    expect(loginPath(value)).toBe('/auth/login');
  });
});
