import { useCallback, useEffect, useRef, useState } from 'react';
import { createChime, type Chime } from '@/features/barista/lib/chime';

/** Local flag of the counter tablet: the new-order chime is muted. */
export const CHIME_MUTED_KEY = 'baristaChimeMuted';

function readMuted(): boolean {
  try {
    return localStorage.getItem(CHIME_MUTED_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * The new-order chime with a remembered mute switch. The audio context is created on the first
 * tap or key press anywhere on the page (browsers block sound before that).
 */
export function useChime() {
  const chimeRef = useRef<Chime | null>(null);
  const [muted, setMuted] = useState(readMuted);
  const mutedRef = useRef(muted);

  useEffect(() => {
    const chime = createChime();
    chimeRef.current = chime;
    const handleFirstInteraction = () => {
      chime.unlock();
      window.removeEventListener('pointerdown', handleFirstInteraction);
      window.removeEventListener('keydown', handleFirstInteraction);
    };
    window.addEventListener('pointerdown', handleFirstInteraction);
    window.addEventListener('keydown', handleFirstInteraction);
    return () => {
      window.removeEventListener('pointerdown', handleFirstInteraction);
      window.removeEventListener('keydown', handleFirstInteraction);
      chime.close();
      chimeRef.current = null;
    };
  }, []);

  const play = useCallback(() => {
    if (!mutedRef.current) chimeRef.current?.play();
  }, []);

  const toggleMuted = useCallback(() => {
    const next = !mutedRef.current;
    mutedRef.current = next;
    setMuted(next);
    try {
      localStorage.setItem(CHIME_MUTED_KEY, String(next));
    } catch {
      // storage full or blocked: the switch still works for this visit
    }
    if (!next) {
      // Turning the sound on is a gesture: unlock and let the barista hear what it sounds like.
      chimeRef.current?.unlock();
      setTimeout(() => chimeRef.current?.play(), 50);
    }
  }, []);

  return { muted, toggleMuted, play };
}
