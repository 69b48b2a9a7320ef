import { itemRefusal, placementItemOf, type Menu } from '@cafe/shared';
import { useScreenSite } from '@/api/site-state';
import { useSettings } from '@/api/settings';
import { useNow } from '@/hooks/use-now';
import { i18n } from '@/i18n';
import { sayPeople } from '@/lib/people-text';

/**
 * "May the counter take this drink now", asked of the shared placement decision (channel walk-up:
 * no online hours or busy mode) with the staff site's state: `refusalOf(item)` is the refusal's
 * words in the interface's language, null when it may be taken; `refusalOf(null)` what holds for
 * the whole cafe (closed now). The server asks the same decision last.
 */
export function useWalkUpRefusal(): (item: Menu | null) => string | null {
  const { site } = useScreenSite();
  const { locationCheck, barOnlineOrdering } = useSettings();
  const now = useNow();
  return (item) => {
    // Until the site's state has arrived, only what the menu says of the item itself.
    if (!site)
      return item && item.isActive !== 'active' ? i18n._('barista.walkUp.inactive', { name: item.name }) : null;
    const decided = itemRefusal({
      channel: 'walk-up',
      item: item
        ? placementItemOf(item, 'cafe', now)
        : { name: '', venue: 'cafe', active: true, served: true, soldOut: null },
      later: null,
      now,
      settings: { locationCheck, barOnlineOrdering },
      site,
    });
    if (!decided) return null;
    // A refusal for the whole cafe is said once, above the list; an item's greys that item out.
    if (item && decided.code !== 'MENU_UNAVAILABLE' && item.isActive === 'active') return null;
    return sayPeople(decided.text);
  };
}

/** A drink in the walk-up list: its name, and why it cannot be taken when it cannot. */
export function walkUpItemLabel(item: Menu, refusal: string | null): string {
  if (item.isActive !== 'active') return i18n._('barista.walkUp.inactive', { name: item.name });
  if (!refusal) return item.name;
  return item.atSite?.available === false
    ? i18n._('barista.walkUp.notServed', { name: item.name })
    : i18n._('barista.walkUp.soldOut', { name: item.name });
}
