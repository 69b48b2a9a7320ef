import type { DietTag } from './diet';
import { dietMarksOf } from './drink';
import {
  draftRefusal,
  itemRefusal,
  personRefusal,
  siteRefusal,
  type PlacementInput,
  type PlacementItem,
  type PlacementRefusal,
} from './placement';
import type { Category, Menu } from './schemas';

/*
 * "What may this person order here now": the menu of a site as one person sees it, every item with
 * the whole decision. The server's ordering module answers it for every channel (a chat's menu, a
 * standing order's drinks); the web asks the same function with the state its screens hold. No
 * channel filters the menu on its own.
 */

/** A menu item at the site as the decision sees it: a sold-out whose end has passed is over already. */
export function placementItemOf(item: Menu, venue: 'cafe' | 'bar', now: Date): PlacementItem {
  const at = item.atSite;
  const soldOut =
    at?.soldOut && (at.soldOutUntil === null || new Date(at.soldOutUntil).getTime() > now.getTime())
      ? { until: at.soldOutUntil }
      : null;
  return { name: item.name, venue, active: item.isActive === 'active', served: at?.available ?? true, soldOut };
}

/** One item of a person's menu. */
export interface MenuEntry {
  item: Menu;
  category: Pick<Category, 'id' | 'name' | 'categoryFor'>;
  /** Why it cannot be ordered for now (as soon as possible), or null. */
  now: PlacementRefusal | null;
  /** Why it cannot be ordered for later at all (the shop need not be open now; a slot is chosen), or null. */
  later: PlacementRefusal | null;
  /** What of the drink as it comes (its default choices) the person avoids. */
  conflicts: DietTag[];
  /** Nobody has tagged what it contains, and the person avoids something: they are told so. */
  untagged: boolean;
}

export interface MenuForInput extends Pick<PlacementInput, 'person' | 'site' | 'now' | 'settings' | 'cafeOrdersToday'> {
  /** What the person avoids. */
  avoids: readonly DietTag[];
  /** The site's menu (GET /category of the site: its items' `atSite`, option groups and tags). */
  categories: readonly Category[];
  /** The channel asks: online (a person) or walk-up (a barista at the counter). */
  channel?: PlacementInput['channel'];
}

/** Whether an item may be ordered for now and for later: the whole decision but the position. */
export interface Verdict {
  now: PlacementRefusal | null;
  later: PlacementRefusal | null;
}

/** The decision for one item at the site, for now and for later, in the order the decision checks. */
function verdictOf(input: Omit<MenuForInput, 'avoids' | 'categories'>, placing: PlacementItem): Verdict {
  const channel = input.channel ?? 'online';
  const settings = { ...input.settings, locationCheck: false };
  const before = personRefusal(input.person) ?? siteRefusal(input.site);
  const now =
    before ??
    itemRefusal({ channel, site: input.site, item: placing, later: null, now: input.now, settings }) ??
    draftRefusal({
      channel,
      site: input.site,
      item: placing,
      later: null,
      settings,
      cafeOrdersToday: input.cafeOrdersToday,
    });
  // For later: the item itself and the site (the hours are the slot's, checked when one is chosen).
  const later =
    before ??
    itemRefusal({ channel, site: input.site, item: placing, later: { at: input.now }, now: input.now, settings });
  // The Friday cut-off is the slot's: a slot before 12:00 may still be chosen.
  return { now, later: later?.code === 'CAFE_MENU_CLOSED_FRIDAY' ? null : later };
}

/**
 * What holds for a whole venue, whatever the item (the person, the site, the venue's hours, the
 * Friday cut-off, busy mode, the daily limit): the decision for an item the site serves and has.
 * A menu says it once, above its items.
 */
export function venueVerdict(input: Omit<MenuForInput, 'avoids' | 'categories'>, venue: 'cafe' | 'bar'): Verdict {
  return verdictOf(input, { name: '', venue, active: true, served: true, soldOut: null });
}

/**
 * The site's menu for the person: every listed item (available, in an available category) with
 * whether it may be ordered now and for later, in the order the decision checks (the person, the
 * site, the item at the site, then busy mode and the daily limit for now), and its diet marks.
 * The position is not known here: it is asked when the drink is placed.
 */
export function menuFor(input: MenuForInput): MenuEntry[] {
  return input.categories
    .filter((category) => category.isAvailable === 'available')
    .flatMap((category) =>
      category.menu
        .filter((item) => item.isAvailable === 'available')
        .map((item): MenuEntry => ({
          item,
          category: { id: category.id, name: category.name, categoryFor: category.categoryFor },
          ...verdictOf(input, placementItemOf(item, category.categoryFor, input.now)),
          ...dietMarksOf(input.avoids, item, undefined),
        })),
    );
}
