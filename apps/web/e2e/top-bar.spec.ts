import { expect, test, type Page } from './test';
import { apiLogin, DEMO, setShopStatus, signInWithTokens } from './support';

/** Issue 12: the top bar's items never overlap and stay on screen, at every width, for each role. */
const WIDTHS = [360, 390, 768, 1024, 1180, 1280, 1366, 1440, 1536, 1600, 1920];

interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The visible items of the top bar with their boxes, and whether the greeting shows its whole text. */
async function barItems(page: Page) {
  return page.getByRole('banner').evaluate((header) => {
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && style.visibility !== 'hidden';
    };
    const items = [
      ...header.querySelectorAll(
        'a, button, [aria-disabled="true"], [role="status"], [data-testid="greeting"], [data-testid="greeting-compact"]',
      ),
    ].filter(visible);
    const boxes = items.map((el) => {
      const r = el.getBoundingClientRect();
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() || el.tagName;
      return { name, x: r.x, y: r.y, width: r.width, height: r.height };
    });
    const greetings = [...header.querySelectorAll('[data-testid^="greeting"]')].filter(visible);
    const cut = greetings
      .filter((el) => el.scrollWidth > el.clientWidth)
      .map((el) => `${el.textContent ?? ''} (${el.scrollWidth} > ${el.clientWidth})`);
    return { boxes, greetings: greetings.length, cut };
  });
}

function overlap(a: Box, b: Box): boolean {
  const slack = 0.5;
  return (
    a.x + slack < b.x + b.width &&
    b.x + slack < a.x + a.width &&
    a.y + slack < b.y + b.height &&
    b.y + slack < a.y + a.height
  );
}

/** What is wrong with the top bar as it is laid out now (nothing: an empty list). */
async function problemsNow(page: Page, width: number, signedIn: boolean): Promise<string[]> {
  const { boxes, greetings, cut } = await barItems(page);
  const problems: string[] = [];
  for (const box of boxes) {
    if (box.x < -0.5 || box.x + box.width > width + 0.5)
      problems.push(`"${box.name}" outside the viewport (${Math.round(box.x)}..${Math.round(box.x + box.width)})`);
  }
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i]!, boxes[j]!];
      if (overlap(a, b)) problems.push(`"${a.name}" overlaps "${b.name}"`);
    }
  if (signedIn && greetings !== 1) problems.push(`${greetings} greetings shown`);
  problems.push(...cut.map((c) => `greeting cut: ${c}`));
  return problems;
}

async function checkWidths(page: Page, signedIn: boolean) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    // Once the page has laid itself out for the new width (however long a busy machine takes), nothing is wrong.
    await expect.poll(() => problemsNow(page, width, signedIn), { message: `at ${width} px` }).toEqual([]);
  }
}

test.describe('top bar at every width', () => {
  test.beforeAll(async ({ request }) => {
    // Menu and My Order are shown while the cafe is open: the most links there are.
    await setShopStatus(request, 'cafe-open');
  });

  for (const role of ['admin', 'barista', 'user'] as const) {
    test(`${role}: no item overlaps or leaves the screen from 360 to 1920 px`, async ({ page, request }) => {
      const tokens = await apiLogin(request, DEMO[role].email, DEMO[role].password);
      await signInWithTokens(page, tokens, '/');
      await expect(page.getByRole('banner').locator('[data-testid^="greeting"]').first()).toBeAttached();
      await checkWidths(page, true);
    });
  }

  test('visitor: no item overlaps or leaves the screen from 360 to 1920 px', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await checkWidths(page, false);
  });
});
