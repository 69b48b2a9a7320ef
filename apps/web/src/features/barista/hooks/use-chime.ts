import { useCallback, useEffect, useRef, useState } from 'react';
import { createChime, type Chime } from '@/features/barista/lib/chime';
import { keepSettings, readSetting } from '@/features/barista/lib/tablet-storage';

/** Local flag of the counter tablet: the new-order chime is muted. */
export const CHIME_MUTED_KEY = 'baristaChimeMuted';

/**
 * The new-order chime with a remembered mute switch. The audio context is created on the first
 * tap or key press anywhere on the page (browsers block sound before that).
 */
export function useChime() {
  const chimeRef = useRef<Chime | null>(null);
  const [muted, setMuted] = useState(() => readSetting(CHIME_MUTED_KEY) === 'true');
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
    keepSettings({ [CHIME_MUTED_KEY]: String(next) });
    if (!next) {
      // Turning the sound on is a gesture: unlock and let the barista hear what it sounds like.
      chimeRef.current?.unlock();
      setTimeout(() => chimeRef.current?.play(), 50);
    }
  }, []);

  return { muted, toggleMuted, play };
}
