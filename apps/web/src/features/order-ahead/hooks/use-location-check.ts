import { distanceKm } from '@cafe/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSettings } from '@/api/settings';
import { useHomeSite } from '@/api/sites';
import { readPosition, watchLocationPermission } from '@/features/order-ahead/lib/geolocation';

/** Where the person stands for ordering, as far as this device can tell. */
export type LocationCheck =
  | { state: 'off' }
  | { state: 'checking' }
  | { state: 'near'; km: number }
  | { state: 'far'; km: number; radiusKm: number }
  | { state: 'denied' }
  | { state: 'unsupported' }
  | { state: 'unavailable' };

/**
 * The location rule checked when an order form opens, so a person far away or without location
 * sharing learns it before the photo and the whole form: the Permissions API first (a refusal is
 * known without asking), then the position against the radius of the person's site. It follows a later change
 * of the permission, and `recheck` asks again. Only a hint: placing the order reads the position
 * again and the server decides. Without the location check (settings) nothing is asked.
 */
export function useLocationCheck(): { check: LocationCheck; recheck: () => void } {
  const settings = useSettings();
  const { locationCheck } = settings;
  // The person's site (the deployment's cafe until the sites have loaded).
  const { site } = useHomeSite();
  const cafe = site ?? settings.cafe;
  const orderRadiusKm = site?.radiusKm ?? settings.orderRadiusKm;
  const [check, setCheck] = useState<LocationCheck>(() => (locationCheck ? { state: 'checking' } : { state: 'off' }));
  // Only the latest of overlapping checks may set the answer.
  const latest = useRef(0);

  const run = useCallback(async () => {
    if (!locationCheck) {
      setCheck({ state: 'off' });
      return;
    }
    latest.current += 1;
    const attempt = latest.current;
    setCheck({ state: 'checking' });
    const position = await readPosition();
    if (attempt !== latest.current) return;
    if (!position.ok) {
      setCheck({ state: position.problem });
      return;
    }
    const here = { lat: position.coords.latitude, lng: position.coords.longitude };
    const km = distanceKm(here, { lat: cafe.latitude, lng: cafe.longitude });
    setCheck(km > orderRadiusKm ? { state: 'far', km, radiusKm: orderRadiusKm } : { state: 'near', km });
  }, [locationCheck, cafe.latitude, cafe.longitude, orderRadiusKm]);

  useEffect(() => {
    if (!locationCheck) return;
    let stopped = false;
    let stopWatching: (() => void) | null = null;
    void watchLocationPermission(() => void run()).then((permission) => {
      if (stopped) {
        permission.stop();
        return;
      }
      stopWatching = permission.stop;
      // A refusal is known without asking for the position (which would only fail).
      if (permission.answer === 'denied') {
        latest.current += 1;
        setCheck({ state: 'denied' });
      } else {
        void run();
      }
    });
    return () => {
      stopped = true;
      latest.current += 1;
      stopWatching?.();
    };
  }, [locationCheck, run]);

  return { check, recheck: () => void run() };
}
