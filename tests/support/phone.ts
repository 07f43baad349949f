import { vi } from 'vitest';
import type { ViewAdapter } from './statecharts/run-on-view';

/** Playwright's iPhone 13 as a page sees it: WeChat's browser on it reads the same to the phone rule. */
export const IPHONE_13 = {
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.0 Mobile/15E148 Safari/604.1',
  width: 390,
  height: 844,
} as const;

/**
 * The window becomes an iPhone 13's (its agent and screen, a 390 px page) until the answer
 * is called: the page then chooses the phone edition (renderApp, as main.tsx does) and pays as a
 * phone (payingDevice). jsdom lays nothing out: the phone's layout is the end-to-end tests'.
 */
export const holdAPhone = (): (() => void) => {
  const spies = [
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(IPHONE_13.userAgent),
    vi.spyOn(window.screen, 'width', 'get').mockReturnValue(IPHONE_13.width),
    vi.spyOn(window.screen, 'height', 'get').mockReturnValue(IPHONE_13.height),
  ];
  const width = window.innerWidth;
  window.innerWidth = IPHONE_13.width;
  return () => {
    for (const spy of spies) spy.mockRestore();
    window.innerWidth = width;
  };
};

/** A machine's view adapter on a phone: the same gestures and checks, the phone edition's page. */
export const onAPhone =
  (adapter: ViewAdapter): ViewAdapter =>
  async (input) => {
    const putDown = holdAPhone();
    try {
      const driver = await adapter(input);
      return {
        ...driver,
        unmount: () => {
          try {
            driver.unmount();
          } finally {
            putDown();
          }
        },
      };
    } catch (error) {
      putDown();
      throw error;
    }
  };
