import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { Suspense, useEffect, useLayoutEffect } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { unstable_scheduleCallback, unstable_UserBlockingPriority } from 'scheduler';
import { useTranslation } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLocale, i18n, useLocale } from '@/shared/i18n';
import { formatEuros } from '@/shared/format';
import { AppProviders } from './providers';

declare global {
  // React's flag for a test that renders inside act() (React Testing Library sets it).
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

// Outside act(): React hydrates in tasks of its own scheduler, as in the browser, so that the
// visitor's choice can come between them.
beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = false;
});
let root: Root | undefined;
afterEach(async () => {
  root?.unmount();
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  document.body.innerHTML = '';
  localStorage.clear();
  await changeLocale('en-US');
});

/** Parts React has hydrated so far, and when the visitor chose Italian. */
let hydrated = 0;
let hydratedBeforeChoice = 0;

/** A part of a public page: a text and an amount, in the language shown. */
function Fee() {
  const { t } = useTranslation();
  const locale = useLocale();
  useEffect(() => {
    hydrated += 1;
  }, []);
  return (
    <p>
      {t('language.label')}: {formatEuros(1250, locale)}
    </p>
  );
}

/**
 * The visitor, choosing Italian once the header has hydrated: an input event's task, which React's
 * scheduler runs before its next task of hydration (the page's sections).
 */
function ChoosesItalian({ choose }: { choose: boolean }) {
  useLayoutEffect(() => {
    if (!choose) return;
    unstable_scheduleCallback(unstable_UserBlockingPriority, () => {
      hydratedBeforeChoice = hydrated;
      void changeLocale('it-IT');
    });
  }, [choose]);
  return null;
}

/** The page's sections, each a boundary of its own. */
const PARTS = 3;
const page = (choose: boolean) => (
  <AppProviders queryClient={new QueryClient()} env="test">
    <ChoosesItalian choose={choose} />
    {Array.from({ length: PARTS }, (_, part) => (
      <Suspense key={part}>
        <Fee />
      </Suspense>
    ))}
  </AppProviders>
);

describe('the language React shows', () => {
  it('follows a language chosen while a pre-rendered page is hydrating, without a mismatch', async () => {
    // The build's HTML, in English; the Italian catalogue already here, so the switch is at once.
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(false));
    document.body.append(container);
    const shown = () => [...container.querySelectorAll('p')].map((part) => part.textContent);
    expect(shown()).toEqual(Array(PARTS).fill('Language: €12.50'));
    await i18n.loadLanguages('it-IT');
    hydrated = 0;

    const mismatches: unknown[] = [];
    root = hydrateRoot(container, page(true), { onRecoverableError: (error) => mismatches.push(error) });

    await waitFor(() => expect(shown()).toEqual(Array(PARTS).fill('Lingua: 12,50\u00a0€')));
    // The choice came while parts were still the build's HTML, and React hydrated each of them
    // in English before it showed Italian there: no part had to be rendered anew.
    expect(hydratedBeforeChoice).toBe(0);
    expect(mismatches).toEqual([]);
    expect(i18n.language).toBe('it-IT');
  });
});
