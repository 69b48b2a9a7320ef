import { describe, expect, it } from 'vitest';
import { MESSAGES, placementRefusal as decide, type PlacementInput } from '../src';
import { thai, worded } from './people';

const placementRefusal = (input: PlacementInput) => worded(decide(input));

/** Wednesday 2026-11-25 10:00 in Bangkok. */
const WEDNESDAY_10 = new Date('2026-11-25T03:00:00.000Z');
/** Friday 2026-11-27 13:00 in Bangkok: past the Friday cut-off of the cafe menu. */
const FRIDAY_13 = new Date('2026-11-27T06:00:00.000Z');

const HEAD_OFFICE = { latitude: 13.7466, longitude: 100.5393 };

function input(overrides: Partial<PlacementInput> = {}): PlacementInput {
  return {
    channel: 'online',
    person: { email: 'ann@example.com' },
    site: {
      name: 'Riverside',
      archived: false,
      timeZone: 'Asia/Bangkok',
      ...HEAD_OFFICE,
      radiusKm: 1,
      venues: { cafe: true, bar: false },
      status: { isCafeOpen: true, isBarOpen: false },
      pause: null,
    },
    item: { name: 'Latte', venue: 'cafe', active: true, served: true, soldOut: null },
    later: null,
    now: WEDNESDAY_10,
    settings: { locationCheck: false, barOnlineOrdering: false },
    ...overrides,
  };
}

const site = (fields: Partial<PlacementInput['site']>) => ({ ...input().site, ...fields });
const item = (fields: Partial<PlacementInput['item']>) => ({ ...input().item, ...fields });

describe('may this person order this, here, now', () => {
  it('lets an order through when every rule holds', () => {
    expect(placementRefusal(input())).toBeNull();
  });

  it('asks for the e-mail confirmation before anything else', () => {
    const refusal = placementRefusal(
      input({ person: { email: 'ann@example.com', emailUnconfirmed: true }, site: site({ archived: true }) }),
    );
    expect(refusal).toEqual({
      status: 403,
      code: 'EMAIL_NOT_CONFIRMED',
      message: 'Confirm your e-mail address first: open the link we sent to ann@example.com.',
    });
  });

  it('refuses an archived site by its name', () => {
    expect(placementRefusal(input({ site: site({ archived: true }) }))).toMatchObject({
      status: 409,
      code: 'SITE_ARCHIVED',
      message: 'Riverside is archived and takes no orders. Choose another site.',
    });
  });

  it('refuses a venue the site does not run as closed, even where its status says open', () => {
    const bar = item({ venue: 'bar', name: 'Mojito' });
    expect(
      placementRefusal(input({ item: bar, site: site({ status: { isCafeOpen: true, isBarOpen: true } }) })),
    ).toMatchObject({ code: 'BAR_CLOSED' });
  });

  it('applies the hours and the Friday cut-off on the site clock', () => {
    expect(placementRefusal(input({ site: site({ status: { isCafeOpen: false, isBarOpen: false } }) }))).toMatchObject({
      code: 'CAFE_CLOSED',
      message: MESSAGES.cafeClosed,
    });
    expect(placementRefusal(input({ now: FRIDAY_13 }))).toMatchObject({ code: 'CAFE_MENU_CLOSED_FRIDAY' });
    // The same instant is Friday 07:00 in Berlin: before the cut-off there.
    expect(placementRefusal(input({ now: FRIDAY_13, site: site({ timeZone: 'Europe/Berlin' }) }))).toBeNull();
  });

  it('checks an order for later at its slot, not the shop now', () => {
    const closedNow = site({ status: { isCafeOpen: false, isBarOpen: false } });
    expect(placementRefusal(input({ site: closedNow, later: { at: WEDNESDAY_10 } }))).toBeNull();
    expect(placementRefusal(input({ site: closedNow, later: { at: FRIDAY_13 } }))).toMatchObject({
      code: 'CAFE_MENU_CLOSED_FRIDAY',
    });
  });

  it('names the item and the site when it is not served there or sold out', () => {
    expect(placementRefusal(input({ item: item({ served: false }) }))).toMatchObject({
      code: 'MENU_UNAVAILABLE',
      message: 'Latte is not served at Riverside.',
    });
    expect(placementRefusal(input({ item: item({ soldOut: { until: '2026-11-25T07:05:00.000Z' } }) }))).toMatchObject({
      code: 'MENU_UNAVAILABLE',
      message: 'Latte is sold out at Riverside until 14:05. Please choose another drink.',
    });
    expect(placementRefusal(input({ item: item({ active: false }) }))).toMatchObject({
      code: 'MENU_UNAVAILABLE',
      message: MESSAGES.orderFailedBody,
    });
  });

  it('checks the position against the order site, only with the location check on', () => {
    const settings = { locationCheck: true, barOnlineOrdering: false };
    expect(placementRefusal(input({ settings }))).toMatchObject({
      status: 403,
      code: 'OUT_OF_RANGE',
      message: MESSAGES.locationPermission,
    });
    // About 2 km north of the site.
    const away = { latitude: HEAD_OFFICE.latitude + 0.018, longitude: HEAD_OFFICE.longitude };
    const far = decide(input({ settings, position: away }));
    expect(far).toMatchObject({ code: 'OUT_OF_RANGE', text: { id: 'people.refusal.outOfRange' } });
    // The specification gives it in Thai.
    expect(far && thai(far.text)).toBe(MESSAGES.outOfRangeThai);
    expect(placementRefusal(input({ settings, position: away, site: site({ radiusKm: 3 }) }))).toBeNull();
    expect(placementRefusal(input({ position: away }))).toBeNull();
    expect(placementRefusal(input({ settings, position: away, channel: 'walk-up' }))).toBeNull();
  });

  it('pauses online cafe orders for now while the site is busy, with the reason', () => {
    const busy = site({ pause: { reason: 'queue', estimatedWaitMinutes: 25 } });
    expect(placementRefusal(input({ site: busy }))).toEqual({
      status: 409,
      code: 'ORDERS_PAUSED',
      message: 'The cafe is very busy right now (about 25 min wait). Please try again in a few minutes.',
    });
    // An order for later, a walk-up order and a bar order are not paused.
    expect(placementRefusal(input({ site: busy, later: { at: WEDNESDAY_10 } }))).toBeNull();
    expect(placementRefusal(input({ site: busy, channel: 'walk-up' }))).toBeNull();
  });

  it('stops a third cafe drink of the day, for whoever the order counts toward', () => {
    expect(placementRefusal(input({ cafeOrdersToday: 1 }))).toBeNull();
    expect(placementRefusal(input({ cafeOrdersToday: 2 }))).toMatchObject({
      code: 'ORDER_LIMIT_REACHED',
      message: MESSAGES.orderLimit,
    });
    expect(placementRefusal(input({ cafeOrdersToday: 2, channel: 'walk-up' }))).toMatchObject({
      code: 'ORDER_LIMIT_REACHED',
    });
  });

  it('answers the first refusal in the listed order: site, item, then the drink', () => {
    const everything = input({
      site: site({
        status: { isCafeOpen: false, isBarOpen: false },
        pause: { reason: 'manual', estimatedWaitMinutes: null },
      }),
      cafeOrdersToday: 2,
    });
    expect(placementRefusal(everything)?.code).toBe('CAFE_CLOSED');
    expect(
      placementRefusal({ ...everything, site: { ...everything.site, status: { isCafeOpen: true, isBarOpen: false } } })
        ?.code,
    ).toBe('ORDERS_PAUSED');
  });
});
