import type { Site } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { MapPin, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useMe } from '@/api/me';
import { fetchNearestSite, useChangeHomeSite, useHomeSite } from '@/api/sites';
import { Select } from '@/components/ui';
import { readPosition, watchLocationPermission } from '@/features/order-ahead/lib/geolocation';
import { logFailure } from '@/lib/log-failure';

/** Set once the person closed the suggestion: it is not made again on this device (cleared at logout). */
export const HOME_SITE_HINT_STORAGE_KEY = 'homeSiteHintDismissed';

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(HOME_SITE_HINT_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The site whose radius holds the device's position, once the person has let this site read it.
 * It never asks for the position itself (the order form's location check does): it waits for the
 * permission, and follows it when it is given later.
 */
function useNearestSite(enabled: boolean): Site | null {
  const [nearest, setNearest] = useState<Site | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let stopWatching: (() => void) | null = null;
    const look = async () => {
      const position = await readPosition();
      if (stopped || !position.ok) return;
      const site = await fetchNearestSite(position.coords);
      if (!stopped) setNearest(site);
    };
    const lookWhenAllowed = (answer: string) => {
      if (answer === 'granted') look().catch((error: unknown) => logFailure('nearest site', error));
    };
    void watchLocationPermission(lookWhenAllowed).then((permission) => {
      if (stopped) return permission.stop();
      stopWatching = permission.stop;
      lookWhenAllowed(permission.answer);
    });
    return () => {
      stopped = true;
      stopWatching?.();
    };
  }, [enabled]);
  return nearest;
}

/**
 * First-time suggestion of a home site: for a signed-in person who has not chosen one, in a
 * company with several sites, "Order at <nearest site>?" with Yes and Choose another. A small
 * notice above the menu that can be closed; ordering goes on meanwhile (at the first site).
 */
export function HomeSiteSuggestion() {
  const { _ } = useLingui();
  const me = useMe();
  const { sites, several } = useHomeSite();
  const change = useChangeHomeSite();
  const [dismissed, setDismissed] = useState(wasDismissed);
  const [choosing, setChoosing] = useState(false);
  const wanted = me !== null && me.homeSiteId == null && several && !dismissed;
  const nearest = useNearestSite(wanted);
  if (!wanted || !nearest) return null;

  const handleDismiss = () => {
    try {
      localStorage.setItem(HOME_SITE_HINT_STORAGE_KEY, '1');
    } catch {
      // storage refused (private mode): closed until the page is reloaded
    }
    setDismissed(true);
  };

  return (
    <section
      aria-labelledby="home-site-suggestion-title"
      className="mb-4 flex items-start gap-3 rounded-xl border border-[var(--border)] bg-[var(--surface-sunken)] p-3 text-sm"
    >
      <MapPin aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-[var(--accent-on-soft)]" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h2 id="home-site-suggestion-title" className="font-semibold">
          {_('order.site.suggest', { site: nearest.name })}
        </h2>
        {choosing ? (
          <Select
            label={_('order.site.choose')}
            autoFocus
            placeholder={_('order.site.choosePlaceholder')}
            className="max-w-xs"
            value=""
            disabled={change.isPending}
            onChange={(event) => {
              if (event.target.value) change.mutate(Number(event.target.value));
            }}
            options={sites.map((s) => ({ value: String(s.id), label: s.name }))}
          />
        ) : (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-primary"
              disabled={change.isPending}
              onClick={() => change.mutate(nearest.id)}
            >
              {_('order.site.yes')}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setChoosing(true)}>
              {_('order.site.chooseAnother')}
            </button>
          </div>
        )}
      </div>
      <button
        type="button"
        className="btn-ghost -mt-1 -mr-1 min-w-11 px-2"
        aria-label={_('order.site.dismiss')}
        onClick={handleDismiss}
      >
        <X aria-hidden="true" className="h-5 w-5" />
      </button>
    </section>
  );
}
