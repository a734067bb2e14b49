import { describe, expect, it } from 'vitest';
import { currentLink } from './navigation';

const links = ['/', '/faq', '/practices', '/practices?view=archive', '/service'];

describe('currentLink', () => {
  it('marks the archive, not the request list, when the archive view is open', () => {
    expect(currentLink({ pathname: '/practices', search: '?view=archive' }, links)).toBe(
      '/practices?view=archive',
    );
  });

  it('marks the request list for a request detail', () => {
    expect(currentLink({ pathname: '/practices/12', search: '' }, links)).toBe('/practices');
  });

  it('marks the service link for a step of the wizard', () => {
    expect(currentLink({ pathname: '/service/new/purpose', search: '' }, links)).toBe('/service');
  });

  it('does not mark home for every page', () => {
    expect(currentLink({ pathname: '/documents', search: '' }, links)).toBeUndefined();
  });
});
