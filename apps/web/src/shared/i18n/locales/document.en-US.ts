/**
 * The page's own head and fallback, written by the build into each pre-rendered page in its
 * language (boot/prerender.tsx): the browser's app never loads them, it keeps what the build wrote.
 */
export const documentEn = {
  document: {
    description:
      'Lisbon: apply for the comparability and verification of a foreign qualification, follow your request and check a statement.',
    noscript: 'Lisbon needs JavaScript to run. Please enable it and reload the page.',
  },
};
