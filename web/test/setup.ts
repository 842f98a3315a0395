import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setSessionUser } from '../lib/session';

// Testing Library unmounts after each test by itself only when the runner's globals are on; here they are off.
afterEach(() => {
  cleanup();
  // The files of a worker share their modules (vitest.config.ts): no test leaves a shopper signed in, a
  // stubbed fetch or stored data behind for the next.
  setSessionUser(null);
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

// happy-dom fetches no images, yet calls each one complete with no pixels, which a browser says only of an
// image that failed (web/components/image-with-fallback.tsx): here every image is still loading.
Object.defineProperty(HTMLImageElement.prototype, 'complete', { configurable: true, get: () => false });
