import type { Site } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { MapPin, MapPinOff, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useMe } from '@/api/me';
import { fetchNearestSite, useChangeHomeSite, useHomeSite } from '@/api/sites';
import { Select } from '@/components/ui';
import { readPosition, watchLocationPermission } from '@/features/order-ahead/lib/geolocation';
import { readStored } from '@/features/order-ahead/lib/stored';
import { cn } from '@/lib/cn';
import { logFailure } from '@/lib/log-failure';

/** Set once the person closed the suggestion: it is not made again on this device (cleared at logout). */
export const HOME_SITE_HINT_STORAGE_KEY = 'homeSiteHintDismissed';

const wasDismissed = (): boolean => readStored(HOME_SITE_HINT_STORAGE_KEY) === '1';

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
 * The notice about the person's home site at the top of the menus and forms.
 *
 * When their home site was archived (GET /user/me names a site GET /sites no longer lists), the
 * server refuses their orders (409 SITE_ARCHIVED) until they choose another, so it says so and
 * offers the choice, instead of quietly showing the first site's menu.
 *
 * With `suggest` (the menus), the first-time suggestion of a home site: for a signed-in person who
 * has not chosen one, in a company with several sites, "Order at <nearest site>?" with Yes and
 * Choose another. A small notice that can be closed; ordering goes on meanwhile (at the first site).
 */
export function HomeSiteNotice({ suggest = false }: { suggest?: boolean }) {
  const { _ } = useLingui();
  const me = useMe();
  const { sites, several } = useHomeSite();
  const change = useChangeHomeSite();
  const [dismissed, setDismissed] = useState(wasDismissed);
  const [choosing, setChoosing] = useState(false);
  const homeSiteId = me?.homeSiteId;
  const archived = homeSiteId != null && sites.length > 0 && !sites.some((s) => s.id === homeSiteId);
  const wanted = suggest && me !== null && homeSiteId == null && several && !dismissed;
  const nearest = useNearestSite(wanted);
  if (!archived && !(wanted && nearest)) return null;

  const handleDismiss = () => {
    try {
      localStorage.setItem(HOME_SITE_HINT_STORAGE_KEY, '1');
    } catch {
      // storage refused (private mode): closed until the page is reloaded
    }
    setDismissed(true);
  };
  const titleId = archived ? 'home-site-archived-title' : 'home-site-suggestion-title';
  const siteSelect = (
    <Select
      label={archived ? _('order.site.archivedChoose') : _('order.site.choose')}
      autoFocus={!archived}
      placeholder={_('order.site.choosePlaceholder')}
      className="max-w-xs"
      value=""
      disabled={change.isPending}
      onChange={(event) => {
        if (event.target.value) change.mutate(Number(event.target.value));
      }}
      options={sites.map((s) => ({ value: String(s.id), label: s.name }))}
    />
  );
  const Icon = archived ? MapPinOff : MapPin;

  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'mb-4 flex items-start gap-3 rounded-xl border p-3 text-sm',
        archived
          ? 'border-[var(--warning)] bg-[var(--warning-soft)]'
          : 'border-[var(--border)] bg-[var(--surface-sunken)]',
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn('mt-0.5 h-5 w-5 shrink-0', archived ? 'text-[var(--warning)]' : 'text-[var(--accent-on-soft)]')}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h2 id={titleId} className="font-semibold">
          {archived ? _('order.site.archivedTitle') : _('order.site.suggest', { site: nearest?.name })}
        </h2>
        {archived ? (
          <>
            <p>{_('order.site.archivedBody')}</p>
            {siteSelect}
          </>
        ) : choosing ? (
          siteSelect
        ) : (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-primary"
              disabled={change.isPending}
              onClick={() => nearest && change.mutate(nearest.id)}
            >
              {_('order.site.yes')}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setChoosing(true)}>
              {_('order.site.chooseAnother')}
            </button>
          </div>
        )}
      </div>
      {archived ? null : (
        <button
          type="button"
          className="btn-ghost -mt-1 -mr-1 min-w-11 px-2"
          aria-label={_('order.site.dismiss')}
          onClick={handleDismiss}
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </button>
      )}
    </section>
  );
}
