import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchPrefetch } from './prefetch';

const faqPage = vi.fn(async () => ({ element: null }));
const router = createMemoryRouter(
  [
    { path: '/', element: null },
    { path: '/faq', lazy: faqPage },
  ],
  { initialEntries: ['/'] },
);

function link(href: string): HTMLAnchorElement {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.textContent = href;
  document.body.append(anchor);
  return anchor;
}

afterEach(() => {
  document.body.replaceChildren();
  faqPage.mockClear();
});

describe('prefetching a page on hover or focus of a link to it (decision 063)', () => {
  it("fetches the route's chunk once, when a link to it is pointed at, then focused", () => {
    const stop = watchPrefetch(router);
    const faq = link('/faq');
    expect(faqPage).not.toHaveBeenCalled();
    faq.dispatchEvent(new Event('pointerover', { bubbles: true }));
    faq.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(faqPage).toHaveBeenCalledTimes(1);
    stop();
  });

  it('leaves links to other sites alone', () => {
    const stop = watchPrefetch(router);
    link('https://elsewhere.example/faq').dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(faqPage).not.toHaveBeenCalled();
    stop();
  });
});
