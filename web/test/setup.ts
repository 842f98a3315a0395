import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts after each test by itself only when the runner's globals are on; here they are off.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// happy-dom fetches no images, yet calls each one complete with no pixels, which a browser says only of an
// image that failed (web/components/image-with-fallback.tsx): here every image is still loading.
Object.defineProperty(HTMLImageElement.prototype, 'complete', { configurable: true, get: () => false });
