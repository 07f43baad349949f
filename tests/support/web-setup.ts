import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom has no layout: the router's scroll-to-top on navigation has nothing to scroll.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
  window.location.hash = '';
  vi.unstubAllGlobals();
});
