import { configure } from '@testing-library/react';
import { beforeEach } from 'vitest';
import { i18nReady, loadAreaTexts } from '@/shared/i18n';
import { mockApi } from './mockApi';

// The English catalogue is a chunk of its own, fetched at start, and the logged-in area's texts
// another, fetched by the guard (decision 063): every test renders after both, whatever it renders.
await i18nReady;
await loadAreaTexts();

// findBy… and waitFor wait up to 10 s instead of 1 s: route loaders and lazy pages take longer
// on a busy 2-core CI machine, and the first test that renders a page imports its chunk (each
// file imports only the pages it renders, decision 063). Each test still fails on a missing
// element, only later.
configure({ asyncUtilTimeout: 10_000 });

// No test reaches the network: a call the test did not answer (the layout's notification poll,
// a list behind the page under test) gets the API's 404, as `mockApi` answers unknown routes.
// A test that cares stubs `fetch` itself, with `mockApi` or `vi.stubGlobal`.
beforeEach(() => {
  mockApi({});
});
