import { beforeEach, describe, expect, it } from 'vitest';
import { loadPageMarkup } from '@/test/page';
import { drawEarlyFrame, EARLY_FRAME_ATTRIBUTE, MENU_FRAME_PATHS, MENU_FRAME_TEXT } from './early-frame';
import { paths } from './paths';

describe("the cafe menu's frame, drawn before the app has arrived", () => {
  let root: HTMLElement;
  beforeEach(() => {
    root = loadPageMarkup();
  });

  it('is drawn wherever the router shows a signed-in person the cafe menu', () => {
    expect([...MENU_FRAME_PATHS].sort()).toEqual(
      [paths.user.menuCafe, paths.user.menucafe, paths.admin.menuCafe].sort(),
    );
  });

  it("replaces the page's Wait a sec... with the menu's title and description, and Wait a sec... below them", () => {
    expect(drawEarlyFrame(root, '/menuCafe', true, 'en')).toBe(true);
    expect(root.querySelector('.boot')).toBeNull();
    const frame = root.querySelector<HTMLElement>(`[${EARLY_FRAME_ATTRIBUTE}]`)!;
    expect(frame.getAttribute(EARLY_FRAME_ATTRIBUTE)).toBe('/menuCafe');
    expect(frame.lang).toBe('en');
    expect(frame.querySelector('h1')).toHaveTextContent('Cafe Menu');
    expect(frame.querySelector('.boot-description')).toHaveTextContent('Pick a drink, then choose how you like it.');
    expect(frame.querySelector('[role="status"]')).toHaveTextContent('Wait a sec...');
    expect(frame.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('speaks Thai to a person who reads Thai', () => {
    drawEarlyFrame(root, '/menuCafe-admin', true, 'th');
    const frame = root.querySelector<HTMLElement>(`[${EARLY_FRAME_ATTRIBUTE}]`)!;
    expect(frame.lang).toBe('th');
    expect(frame.querySelector('h1')).toHaveTextContent(MENU_FRAME_TEXT.th.title);
    expect(frame.querySelector('[role="status"]')).toHaveTextContent(MENU_FRAME_TEXT.th.wait);
  });

  it('leaves the page as it is for a visitor, on another screen, or once the app has drawn its own', () => {
    const first = root.innerHTML;
    expect(drawEarlyFrame(root, '/menuCafe', false, 'en')).toBe(false);
    expect(drawEarlyFrame(root, '/statusOrder', true, 'en')).toBe(false);
    expect(drawEarlyFrame(root, '/', true, 'en')).toBe(false);
    expect(root.innerHTML).toBe(first);

    root.innerHTML = '<div class="app">the app</div>';
    expect(drawEarlyFrame(root, '/menuCafe', true, 'en')).toBe(false);
    expect(root.innerHTML).toBe('<div class="app">the app</div>');
    expect(drawEarlyFrame(null, '/menuCafe', true, 'en')).toBe(false);
  });
});
