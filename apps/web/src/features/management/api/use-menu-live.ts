import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLiveEvent } from '@/lib/socket';
import { managementKeys } from './keys';

/** Another barista changed the menu: refresh what this screen shows. */
export function useMenuLive() {
  const queryClient = useQueryClient();
  const handleMenuEvent = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: managementKeys.all });
  }, [queryClient]);
  useLiveEvent('menu', handleMenuEvent);
}
