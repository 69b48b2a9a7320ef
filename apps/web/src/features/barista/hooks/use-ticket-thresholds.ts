import { useCallback, useState } from 'react';
import { BOARD_STORAGE_KEYS } from '@/lib/storage-keys';
import { parseThresholds, type AgeThresholds } from '@/features/barista/lib/ticket-age';

function readThresholds(): AgeThresholds {
  try {
    return parseThresholds(
      localStorage.getItem(BOARD_STORAGE_KEYS.ticketAmberMinutes),
      localStorage.getItem(BOARD_STORAGE_KEYS.ticketRedMinutes),
    );
  } catch {
    return parseThresholds(null, null);
  }
}

/** The ticket age thresholds of this tablet, remembered in local storage. */
export function useTicketThresholds() {
  const [thresholds, setThresholds] = useState<AgeThresholds>(readThresholds);

  const save = useCallback((next: AgeThresholds) => {
    setThresholds(next);
    try {
      localStorage.setItem(BOARD_STORAGE_KEYS.ticketAmberMinutes, String(next.amberMinutes));
      localStorage.setItem(BOARD_STORAGE_KEYS.ticketRedMinutes, String(next.redMinutes));
    } catch {
      // storage full or blocked: the thresholds still hold for this visit
    }
  }, []);

  return { thresholds, save };
}
