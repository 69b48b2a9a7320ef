import { afterEach, describe, expect, it } from 'vitest';
import { shortcutOf } from './shortcuts';

function press(key: string, target: Element = document.body, init: KeyboardEventInit = {}) {
  let action: ReturnType<typeof shortcutOf> = null;
  const listener = (event: KeyboardEvent) => {
    action = shortcutOf(event);
  };
  document.addEventListener('keydown', listener);
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, ...init }));
  document.removeEventListener('keydown', listener);
  return action;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('board shortcuts', () => {
  it('knows the keys a keyboard or a bump bar sends', () => {
    expect(press('j')).toBe('next');
    expect(press('ArrowRight')).toBe('next');
    expect(press('ArrowDown')).toBe('next');
    expect(press('K')).toBe('previous');
    expect(press('ArrowLeft')).toBe('previous');
    expect(press('d')).toBe('do');
    expect(press('Enter')).toBe('done');
    expect(press(' ')).toBe('done');
    expect(press('u')).toBe('undo');
    expect(press('?')).toBe('help');
    expect(press('x')).toBeNull();
  });

  it('never fires while typing, with a modifier, or with a dialog open', () => {
    document.body.innerHTML =
      '<input id="field"><textarea id="area"></textarea><div contenteditable="true" id="edit"></div>';
    expect(press('d', document.getElementById('field')!)).toBeNull();
    expect(press('u', document.getElementById('area')!)).toBeNull();
    expect(press('j', document.getElementById('edit')!)).toBeNull();
    expect(press('d', document.body, { ctrlKey: true })).toBeNull();
    expect(press('j', document.body, { metaKey: true })).toBeNull();

    document.body.innerHTML = '<div role="dialog"><button id="inside">Close</button></div>';
    expect(press('j')).toBeNull();
    expect(press('?')).toBeNull();
  });

  it('leaves to a control the keys it uses itself', () => {
    document.body.innerHTML =
      '<button id="button">Do</button><div role="radiogroup"><button role="radio" id="radio">All</button></div>';
    // Enter and Space press the button in focus; the board's Done waits for a ticket in focus.
    expect(press('Enter', document.getElementById('button')!)).toBeNull();
    expect(press(' ', document.getElementById('button')!)).toBeNull();
    expect(press('d', document.getElementById('button')!)).toBe('do');
    // Arrows move within a radio group; J and K still move between tickets.
    expect(press('ArrowRight', document.getElementById('radio')!)).toBeNull();
    expect(press('j', document.getElementById('radio')!)).toBe('next');
  });
});
