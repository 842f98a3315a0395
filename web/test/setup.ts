import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts after each test by itself only when the runner's globals are on; here they are off.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
