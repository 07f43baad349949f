import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toastQueue } from '@web/components/ui/toast-queue';
import { afterEach, vi } from 'vitest';

// Testing Library drains each user gesture with a setTimeout(0) and advances only Jest's fake
// timers; under Vitest's fake timers that timeout would never fire. This lets it advance Vitest's.
(globalThis as { jest?: unknown }).jest = { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) };

// findBy* and waitFor wait for what a page shows after a chunk loads or a request answers: their
// limit guards against a hang, not against slowness (Testing Library's 1 s default is passed by a
// lazy dialog's first render when both cores are busy; timings are the benchmarks').
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout: the router's scroll-to-top on navigation has nothing to scroll.
window.scrollTo = () => {};

// jsdom has no object URLs: a photo fetched with the token is shown from a stand-in one.
let objectUrls = 0;
URL.createObjectURL = () => `blob:test/${++objectUrls}`;
URL.revokeObjectURL = () => {};

afterEach(() => {
  cleanup();
  // What outlives the test's own render (React Aria's live announcer keeps its last words, as
  // role="img" nodes, for seconds): the next test, of this file or the next one in this worker
  // (the web project shares one window), starts with an empty page.
  document.body.replaceChildren();
  // The site's one toast queue is a module's: no toast of this test is shown in the next.
  toastQueue.clear();
  localStorage.clear();
  // What a page keeps for the tab's session (a wizard's snapshot, a profile draft) ends with the test.
  sessionStorage.clear();
  window.location.hash = '';
  vi.unstubAllGlobals();
});
