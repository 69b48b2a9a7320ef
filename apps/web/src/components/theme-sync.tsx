import { shopModeOf } from '@cafe/shared';
import { useEffect } from 'react';
import { useCafeStatus } from '@/api/cafe-status';

/**
 * The warm daytime cafe theme and the evening bar theme switch with the open venue: the bar
 * theme applies when only the bar is open.
 */
export function ThemeSync() {
  const theme = shopModeOf(useCafeStatus()) === 'bar-open' ? 'bar' : 'cafe';
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', theme === 'bar' ? '#1e1b3a' : '#7c4a1e');
  }, [theme]);
  return null;
}
