import { useCallback, useState } from 'react';
import { BOARD_STORAGE_KEYS } from '@/lib/storage-keys';
import { keepSettings, readSetting } from '@/features/barista/lib/tablet-storage';
import { parseThresholds, type AgeThresholds } from '@/features/barista/lib/ticket-age';

const readThresholds = (): AgeThresholds =>
  parseThresholds(readSetting(BOARD_STORAGE_KEYS.ticketAmberMinutes), readSetting(BOARD_STORAGE_KEYS.ticketRedMinutes));

/** The ticket age thresholds of this tablet, remembered in local storage. */
export function useTicketThresholds() {
  const [thresholds, setThresholds] = useState<AgeThresholds>(readThresholds);

  const save = useCallback((next: AgeThresholds) => {
    setThresholds(next);
    keepSettings({
      [BOARD_STORAGE_KEYS.ticketAmberMinutes]: String(next.amberMinutes),
      [BOARD_STORAGE_KEYS.ticketRedMinutes]: String(next.redMinutes),
    });
  }, []);

  return { thresholds, save };
}
