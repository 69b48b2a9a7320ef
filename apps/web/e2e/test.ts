import { test as base } from '@playwright/test';
import { CLOCKED_CAFE, OTHER_CAFE } from '../playwright.config';
import { CLOCK_SHIFT_MS, cafeNow } from './cafe-clock';

export * from '@playwright/test';

/** The servers that run on a clock of their own, which their specs set (playwright.config.ts). */
const OWN_CLOCK_PORTS = [OTHER_CAFE.port, CLOCKED_CAFE.port].map((port) => `:${port}`);

/**
 * Playwright's `test`, whose browser contexts start with the run's clock (cafe-clock.ts): on a
 * Friday afternoon each context of a Bangkok server shows the moment its server runs at, and the
 * clock runs on from there. At any other moment nothing is changed.
 */
export const test = base.extend({
  browser: [
    async ({ browser }, use) => {
      if (CLOCK_SHIFT_MS !== 0) {
        const newContext = browser.newContext.bind(browser);
        browser.newContext = async (options) => {
          const context = await newContext(options);
          const baseURL = options?.baseURL ?? '';
          if (!OWN_CLOCK_PORTS.some((port) => baseURL.includes(port))) await context.clock.install({ time: cafeNow() });
          return context;
        };
      }
      await use(browser);
    },
    { scope: 'worker' },
  ],
});
