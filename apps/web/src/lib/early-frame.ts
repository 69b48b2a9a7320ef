import { CAFE_CUP, CAFE_HANDLE, CAFE_STEAM } from './logo-shapes';
import type { Language } from '../i18n/namespaces';

/*
 * The cafe menu's frame, drawn by a script written into the page itself (src/menu-frame.ts) in
 * place of index.html's "Wait a sec..." before the page is first painted: the top bar with the logo, the menu's
 * title and description where the menu puts them, and "Wait a sec..." where its drinks will be
 * (docs/decisions/0064-the-menu-frame-before-the-app.md). React's own "Wait a sec..." takes this
 * very frame over (app/early-frame-host.tsx), and the menu replaces it once it is complete, so a
 * signed-in person opening the menu sees its title at once and nothing moves when the menu comes.
 * Nothing here may import more than this: every page carries it.
 */

/** Where the frame is drawn: the cafe menu of a signed-in person (lib/paths.ts; a test keeps them the same). */
export const MENU_FRAME_PATHS: readonly string[] = ['/menuCafe', '/menucafe', '/menuCafe-admin'];

/** The frame's texts: the catalogues' `order.cafeMenu.title`, `order.cafeMenu.description` and `common.spec.waitASec` (a test keeps them the same). */
export const MENU_FRAME_TEXT: Record<Language, { title: string; description: string; wait: string }> = {
  en: {
    title: 'Cafe Menu',
    description: 'Pick a drink, then choose how you like it.',
    wait: 'Wait a sec...',
  },
  th: {
    title: 'เมนูคาเฟ่',
    description: 'เลือกเครื่องดื่ม แล้วเลือกแบบที่คุณชอบ',
    wait: 'รอสักครู่...',
  },
};

/** The attribute the frame carries: the address it was drawn for. */
export const EARLY_FRAME_ATTRIBUTE = 'data-early-frame';

const SVG = 'http://www.w3.org/2000/svg';

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  node.append(...children);
  return node;
}

function svg(tag: string, attributes: Record<string, string>): SVGElement {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/** The cafe logo of the top bar (components/layout/logo.tsx), in the cafe theme's colours. */
function cafeLogo(): SVGElement {
  const logo = svg('svg', { viewBox: '0 0 48 48', 'aria-hidden': 'true', focusable: 'false', class: 'boot-logo' });
  logo.append(
    svg('rect', { width: '48', height: '48', rx: '12', fill: '#9a5b2a' }),
    svg('path', { d: CAFE_CUP, fill: '#ffffff' }),
    svg('path', { d: CAFE_HANDLE, fill: 'none', stroke: '#ffffff', 'stroke-width': '3' }),
    svg('path', {
      d: CAFE_STEAM,
      fill: 'none',
      stroke: '#f6e3d0',
      'stroke-width': '2.5',
      'stroke-linecap': 'round',
    }),
  );
  return logo;
}

/**
 * Draws the cafe menu's frame in place of index.html's "Wait a sec..." when `pathname` is the
 * signed-in cafe menu. Nothing when the page has moved on (the app has drawn its own screen):
 * the frame only ever replaces the page's first markup. Whether it drew.
 */
export function drawEarlyFrame(
  root: HTMLElement | null,
  pathname: string,
  signedIn: boolean,
  language: Language,
): boolean {
  if (!root || !signedIn || !MENU_FRAME_PATHS.includes(pathname)) return false;
  const boot = root.querySelector(':scope > .boot');
  if (!boot || root.children.length !== 1) return false;
  const text = MENU_FRAME_TEXT[language];
  const spinner = element('span', 'boot-spinner');
  spinner.setAttribute('aria-hidden', 'true');
  const wait = element('div', 'boot-wait', spinner, element('p', '', text.wait));
  wait.setAttribute('role', 'status');
  wait.setAttribute('aria-live', 'polite');
  const frame = element(
    'div',
    'boot-frame',
    element('div', 'boot-bar', element('div', 'boot-bar-inner', cafeLogo())),
    element(
      'div',
      'boot-main',
      element('h1', 'boot-title', text.title),
      element('p', 'boot-description', text.description),
      wait,
    ),
  );
  frame.lang = language;
  frame.setAttribute(EARLY_FRAME_ATTRIBUTE, pathname);
  boot.replaceWith(frame);
  return true;
}
