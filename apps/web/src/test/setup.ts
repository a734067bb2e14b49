import { configure } from '@testing-library/react';
import { beforeEach } from 'vitest';
import { mockApi } from './mockApi';

// findBy… and waitFor wait up to 5 s instead of 1 s: route loaders and lazy pages take longer
// on a busy 2-core CI machine. Each test still fails on a missing element, only later.
configure({ asyncUtilTimeout: 5_000 });

// No test reaches the network: a call the test did not answer (the layout's notification poll,
// a list behind the page under test) gets the API's 404, as `mockApi` answers unknown routes.
// A test that cares stubs `fetch` itself, with `mockApi` or `vi.stubGlobal`.
beforeEach(() => {
  mockApi({});
});
