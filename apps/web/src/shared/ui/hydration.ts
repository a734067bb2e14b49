import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * True where a form's controls are the build's HTML that the app has not taken over yet: rendered
 * at build time, and in the render that hydrates them; false in every render after it, and in a
 * page rendered in the browser. A control of a pre-rendered page is disabled until then: text
 * typed into it would not be the form's, and a submit would send the form to the server as a GET,
 * password and all. React's own way: the server snapshot is used while hydrating, and React renders
 * again with the client's right after.
 */
export function useIsPrerendered(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  );
}

/**
 * `value` once React owns the page, `undefined` at build time and while hydrating: for what the
 * build could not know (the visitor's id, a query's answer that may have come before its section
 * hydrates), so that the hydrating render matches the build's HTML and the next one shows it.
 */
export function useHydratedValue<T>(value: T): T | undefined {
  return useIsPrerendered() ? undefined : value;
}
