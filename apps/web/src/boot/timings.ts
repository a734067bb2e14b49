/**
 * The start-up's User Timing names (`main.tsx` sets them; `npm run bench -- lighthouse` reads them
 * from Lighthouse's report): every module evaluated, the router made and its first navigation
 * started, `hydrateRoot` called.
 */
export const START_UP = {
  modules: 'lisbon:modules',
  router: 'lisbon:router',
  hydrate: 'lisbon:hydrate',
} as const;
