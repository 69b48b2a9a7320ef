import { useCallback } from 'react';
import { EARLY_FRAME_ATTRIBUTE } from '@/lib/early-frame';
import { whenFirstScreenShown } from '@/lib/first-screen';

/*
 * React's "Wait a sec..." takes over the frame the early script drew (lib/early-frame.ts) instead
 * of drawing its own: the very same nodes, moved into React's markup in the commit that clears
 * the page's first markup, so the page does not change between the two. Only until the first
 * screen is shown, and only at the address the frame was drawn for.
 */

let frame: HTMLElement | null = null;
let done = false;

/** The early script's frame for `pathname`, if it drew one and no screen has been shown yet. */
export function earlyFrameFor(pathname: string): HTMLElement | null {
  if (done) return null;
  if (!frame) {
    frame = document.getElementById('root')?.querySelector<HTMLElement>(`:scope > [${EARLY_FRAME_ATTRIBUTE}]`) ?? null;
    if (!frame) return null;
    whenFirstScreenShown(() => {
      done = true;
      frame = null;
    });
  }
  return frame.getAttribute(EARLY_FRAME_ATTRIBUTE) === pathname ? frame : null;
}

/** Shows `frame` (the early script's nodes) where React renders this. */
export function EarlyFrameHost({ frame }: { frame: HTMLElement }) {
  const host = useCallback(
    (node: HTMLDivElement | null) => {
      if (node && frame.parentNode !== node) node.append(frame);
    },
    [frame],
  );
  return <div ref={host} className="contents" />;
}
