import { configure } from '@testing-library/react';

// findBy… and waitFor wait up to 5 s instead of 1 s: route loaders and lazy pages take longer
// on a busy 2-core CI machine. Each test still fails on a missing element, only later.
configure({ asyncUtilTimeout: 5_000 });
