// What the built app imports as `react` and `react-dom` (vite.config.ts, decision 075): Preact's
// compatibility layer, plus what Mantine 9 uses of React 19 and Preact has not: `Activity`.
import { createElement } from 'preact';
import { use as compatUse, useContext } from 'preact/compat';
import type { ComponentChildren } from 'preact';

// @ts-expect-error -- compat's types say `export =`, which `export *` cannot take; its module is ESM.
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React's `<Activity mode="hidden">` keeps a subtree's state while it is hidden. Mantine uses it
 * only where a hidden panel is kept mounted (Collapse, Tabs, Stepper): here the subtree sits in a
 * wrapper that takes no box of its own (`display: contents`) and is hidden with `display: none`,
 * one element in both modes, so the subtree is neither remounted nor loses its state.
 */
export function Activity({
  mode = 'visible',
  children,
}: {
  mode?: 'visible' | 'hidden';
  children?: ComponentChildren;
}) {
  return createElement('div', { style: { display: mode === 'hidden' ? 'none' : 'contents' } }, children);
}

/**
 * React's optimistic state shows a value while a transition runs. Preact's `startTransition` runs
 * its update at once, so no transition is ever pending: the state is always the one passed in.
 * (React Router calls the setter only with `useTransitions`, which the app does not set.)
 */
export function useOptimistic<State>(passthrough: State): [State, (action: unknown) => void] {
  return [passthrough, () => undefined];
}

/**
 * React 19's `use`, which Mantine calls to read its contexts. preact-render-to-string keeps no
 * global context on its components, where compat's `use` looks for the provider: rendering the
 * public pages at build time (`prerender.tsx`) reads a context the way `useContext` does instead.
 * Each component renders once there, so a `use` in a branch cannot shift a later hook's state.
 */
export const use: typeof compatUse = import.meta.env.SSR
  ? (((resource: Parameters<typeof compatUse>[0]) =>
      'then' in resource ? compatUse(resource) : useContext(resource)) as typeof compatUse)
  : compatUse;
