import { msgId } from '@/i18n';

/**
 * The board's keyboard shortcuts, as a bump bar or a keyboard sends them
 * (docs/decisions/0020-kitchen-display.md). One list feeds the handler and the help dialog.
 */
export type ShortcutAction = 'next' | 'previous' | 'do' | 'done' | 'undo' | 'help';

/** Each shortcut's keys (as written on the keys) and what it does (a message id, translated when shown). */
export const SHORTCUTS: readonly { keys: readonly string[]; action: ShortcutAction; textId: string }[] = [
  { keys: ['→', '↓', 'J'], action: 'next', textId: msgId('barista.shortcuts.next') },
  { keys: ['←', '↑', 'K'], action: 'previous', textId: msgId('barista.shortcuts.previous') },
  { keys: ['D'], action: 'do', textId: msgId('barista.shortcuts.do') },
  { keys: ['Enter', 'Space'], action: 'done', textId: msgId('barista.shortcuts.done') },
  { keys: ['U'], action: 'undo', textId: msgId('barista.shortcuts.undo') },
  { keys: ['?'], action: 'help', textId: msgId('barista.shortcuts.help') },
];

const KEY_ACTIONS: Record<string, ShortcutAction> = {
  ArrowRight: 'next',
  ArrowDown: 'next',
  j: 'next',
  J: 'next',
  ArrowLeft: 'previous',
  ArrowUp: 'previous',
  k: 'previous',
  K: 'previous',
  d: 'do',
  D: 'do',
  Enter: 'done',
  ' ': 'done',
  u: 'undo',
  U: 'undo',
  '?': 'help',
};

/** Elements whose own keys come first: typing, choosing, pressing a button. */
const TYPING = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';
/** Widgets that move between their own items with the arrow keys. */
const ARROW_WIDGETS = '[role="radiogroup"], [role="listbox"], [role="menu"], [role="tablist"], [role="toolbar"]';
/** Controls Enter and Space already press. */
const PRESSABLE = 'button, a[href], [role="button"], [role="radio"], [role="checkbox"], [role="switch"], summary';

/** A dialog (or popover) is open: the board's keys are not the person's focus now. */
export function isDialogOpen(doc: Document = document): boolean {
  return doc.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

/**
 * The shortcut a key press means on the board, or null when it is not one or must not fire: while
 * typing in a field, with a dialog open, with a modifier held, or when the element in focus uses
 * that key itself.
 */
export function shortcutOf(event: KeyboardEvent, doc: Document = document): ShortcutAction | null {
  if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return null;
  const action = KEY_ACTIONS[event.key];
  if (!action) return null;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(TYPING)) return null;
  if (isDialogOpen(doc)) return null;
  if ((action === 'next' || action === 'previous') && event.key.startsWith('Arrow') && target?.closest(ARROW_WIDGETS))
    return null;
  if (action === 'done' && target?.closest(PRESSABLE)) return null;
  return action;
}
