import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * The width of an element in CSS px, followed as it changes (ResizeObserver); 0 while it has no box
 * (not laid out, `display: contents`) or where the browser cannot tell (tests without layout). The
 * element may come and go (the board's lanes after loading): each render checks which one it is.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  const watched = useRef<{ element: HTMLElement; observer: ResizeObserver | null } | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (watched.current?.element === element) return;
    watched.current?.observer?.disconnect();
    watched.current = null;
    if (!element) return;
    const read = () => setWidth(Math.floor(element.getBoundingClientRect().width));
    read();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(read);
    observer?.observe(element);
    watched.current = { element, observer };
  });
  useLayoutEffect(() => () => watched.current?.observer?.disconnect(), []);
  return width;
}
