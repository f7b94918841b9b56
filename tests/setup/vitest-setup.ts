import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor wait up to 5 s (the default is 1 s): on a loaded 2-core machine a lazy chunk or
// a query can take longer than a second to settle. Passing tests are not slowed down by it.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
