import { describe, expect, it } from 'vitest';
import { loginPath, rememberNextForActivation, safeNext, takeNextAfterActivation } from './loginPath';

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

describe('the page kept through registration', () => {
  it('is given once, for as long as an activation link works, and only if it is a page of this site', () => {
    const now = Date.parse('2026-12-04T10:00:00Z');
    rememberNextForActivation('/service/new?country=FR&level=higher', now);
    expect(takeNextAfterActivation(now + 60_000)).toBe('/service/new?country=FR&level=higher');
    expect(takeNextAfterActivation(now + 60_000)).toBeNull();
    rememberNextForActivation('/practices', now);
    expect(takeNextAfterActivation(now + 73 * 60 * 60 * 1000)).toBeNull();
    rememberNextForActivation('//evil.example', now);
    expect(takeNextAfterActivation(now)).toBeNull();
  });
});
