import { expect, type Locator, type Page } from '@playwright/test';

/**
 * WCAG 2.2 success criterion 2.5.8 Target Size (Minimum), measured in the browser: every visible
 * pointer target on the page (or inside `within`) is at least 24 by 24 CSS pixels, or is an inline
 * link inside a sentence, or has the spacing exception (a 24 px circle on its centre touches no
 * other target nor another small target's circle). axe-core's `target-size` rule is experimental
 * and off in the WCAG tag sets, so the specs measure it themselves.
 */

/** An interactive element that is too small, by its accessible name. */
export interface SmallTarget {
  name: string;
  role: string;
  width: number;
  height: number;
}

export const MIN_TARGET = 24;

/** The targets smaller than 24x24 on the page as it is now, without the exception. */
export async function smallTargets(page: Page, within?: Locator): Promise<SmallTarget[]> {
  return (within ?? page.locator('body')).evaluate(measure, MIN_TARGET);
}

/** Runs in the page (self-contained: Playwright sends its source). */
function measure(scope: Element, min: number): SmallTarget[] {
  const SELECTOR = [
    'a[href]',
    'button',
    'input:not([type="hidden"])',
    'select',
    'textarea',
    'summary',
    '[role="button"]',
    '[role="link"]',
    '[role="checkbox"]',
    '[role="radio"]',
    '[role="switch"]',
    '[role="tab"]',
    '[role="menuitem"]',
    '[role="menuitemradio"]',
    '[role="option"]',
    '[role="combobox"]',
    '[role="slider"]',
  ].join(',');

  const textOf = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
  /** What a screen reader calls it (close enough to tell the offenders apart). */
  const nameOf = (el: HTMLElement): string => {
    const labelled = el.getAttribute('aria-labelledby');
    if (labelled) {
      const text = labelled
        .split(/\s+/)
        .map((id) => textOf(document.getElementById(id)))
        .join(' ')
        .trim();
      if (text) return text;
    }
    const aria = el.getAttribute('aria-label')?.trim();
    if (aria) return aria;
    const labels = (el as HTMLInputElement).labels;
    if (labels?.length) return [...labels].map(textOf).join(' ');
    const text = textOf(el);
    if (text) return text;
    return el.getAttribute('title') ?? el.getAttribute('placeholder') ?? el.outerHTML.slice(0, 80);
  };
  const roleOf = (el: HTMLElement) =>
    el.getAttribute('role') ?? (el instanceof HTMLInputElement ? `input ${el.type}` : el.tagName.toLowerCase());

  /** The box a pointer can hit: the element, or its label when the element itself is visually hidden. */
  const boxOf = (el: HTMLElement): DOMRect | null => {
    const rect = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    // Visually hidden (sr-only: clipped to nothing, whatever its padding) or transparent.
    const clipped = style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)';
    const hidden = clipped || rect.width <= 1 || rect.height <= 1 || Number(style.opacity) === 0;
    if (!hidden) return rect;
    const labels = (el as HTMLInputElement).labels;
    const label = labels?.[0] ?? el.closest('label');
    if (!label) return null;
    const labelRect = label.getBoundingClientRect();
    return labelRect.width > 1 && labelRect.height > 1 ? labelRect : null;
  };

  /** A link within a sentence: laid out inline, among other text of its block. */
  const inlineInText = (el: HTMLElement) => {
    if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
    const block = el.parentElement;
    return !!block && textOf(block).length > textOf(el).length + 1;
  };

  const targets: { el: HTMLElement; rect: DOMRect }[] = [];
  for (const el of scope.querySelectorAll<HTMLElement>(SELECTOR)) {
    if (!el.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true })) continue;
    if ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true') continue;
    if (el.closest('[inert], [aria-hidden="true"]')) continue;
    // The same control counted once: a Radix item's inner button, a label's own input.
    if (el.parentElement?.closest(SELECTOR) && el.tagName !== 'A') continue;
    const rect = boxOf(el);
    if (rect) targets.push({ el, rect });
  }

  const isBox = (el: HTMLElement) => el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type);
  const small = targets.filter(({ rect }) => rect.width + 0.5 < min || rect.height + 0.5 < min);
  const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
  /** Distance from a point to a rectangle (0 inside it). */
  const distance = (p: { x: number; y: number }, r: DOMRect) =>
    Math.hypot(Math.max(r.left - p.x, 0, p.x - r.right), Math.max(r.top - p.y, 0, p.y - r.bottom));
  const spaced = (target: { el: HTMLElement; rect: DOMRect }) => {
    const c = centre(target.rect);
    return targets.every((other) => {
      if (other === target || other.el.contains(target.el) || target.el.contains(other.el)) return true;
      const otherSmall = small.includes(other);
      // Two small targets: their circles must not meet; a big one: the circle must not reach it.
      return otherSmall
        ? Math.hypot(c.x - centre(other.rect).x, c.y - centre(other.rect).y) >= min
        : distance(c, other.rect) >= min / 2;
    });
  };

  return (
    small
      // A visible check box or radio button is aimed at itself (its label helps, but the box is
      // what a finger looks for): it takes no spacing exception.
      .filter((target) => !inlineInText(target.el) && (isBox(target.el) || !spaced(target)))
      .map(({ el, rect }) => ({
        name: nameOf(el),
        role: roleOf(el),
        width: Math.round(rect.width * 10) / 10,
        height: Math.round(rect.height * 10) / 10,
      }))
  );
}

/** Every pointer target on the page (or in `within`) is at least 24x24 px or excepted; offenders by name. */
export async function expectTargetSizes(
  page: Page,
  screen: string,
  options: { soft?: boolean; within?: Locator } = {},
) {
  const offenders = await smallTargets(page, options.within);
  (options.soft ? expect.soft : expect)(
    offenders.map((t) => `${t.role} "${t.name}": ${t.width}x${t.height}`),
    `targets under ${MIN_TARGET}x${MIN_TARGET} px on ${screen}`,
  ).toEqual([]);
}
