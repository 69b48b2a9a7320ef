import type { OptionGroup, Order, Site } from '@cafe/shared';
import { expect } from 'vitest';
import { cafeOrderBody, createOrderingApp, placeOrder, type SeededMenu } from '../test-support/order-fixtures';
import type { TestApp, TestUser } from '../test-support/test-app';

/**
 * The office of the seams suite, made through the API the way an admin sets one up: the first site
 * (Head office, Bangkok) runs the cafe and the bar; Tower B (Berlin) runs only the cafe, with a
 * barista of its own; the Latte has a Milk group (one choice of Whole, Oat or Soy).
 */

/** Tuesday 3 March 2026, 08:00 UTC: 15:00 at Head office (Bangkok), 09:00 at Tower B (Berlin). */
export const TUESDAY = '2026-03-03T08:00:00.000Z';

export const TOWER_B = {
  name: 'Tower B',
  latitude: 52.52,
  longitude: 13.405,
  radiusKm: 0.5,
  timeZone: 'Europe/Berlin',
  venues: { cafe: true, bar: false },
};

export interface Office {
  t: TestApp;
  menu: SeededMenu;
  image: string;
  admin: TestUser;
  /** The barista of Head office (the first site). */
  headBarista: TestUser;
  towerB: Site;
  /** The barista of Tower B, whose home site it is. */
  towerBarista: TestUser;
  milk: OptionGroup;
  choice: (name: 'Whole' | 'Oat' | 'Soy') => number;
  /** POST /order of a Latte as `who`, with `extra` fields (siteId, options, pickupAt). */
  orderLatte: (who: TestUser, extra?: Record<string, unknown>) => ReturnType<typeof placeOrder>;
  /** A person whose home site is Tower B, chosen through PUT /user/home-site. */
  towerPerson: (name?: string) => Promise<TestUser>;
  /** Places a Latte and answers the Order (expects 201). */
  placed: (who: TestUser, extra?: Record<string, unknown>) => Promise<Order>;
}

export async function openOffice(env: Record<string, string> = {}): Promise<Office> {
  const { t, menu, image } = await createOrderingApp({
    clockNow: TUESDAY,
    // Tokens that outlive the hours the day walks through (the clock moves, the tokens stay).
    env: { ACCESS_TOKEN_TTL: String(7 * 24 * 3600), ...env },
  });
  // Nothing in the suite measures time: the clock stands at TUESDAY and moves only when a step moves it.
  t.clock.freeze();
  t.clock.set(TUESDAY);
  try {
    const admin = await t.createUser({ role: 'admin', name: 'Ada Admin' });
    const headBarista = await t.createUser({ role: 'barista', name: 'Hana' });

    const created = await t.request('POST', '/api/sites', admin, TOWER_B);
    expect(created.statusCode, created.body).toBe(201);
    const towerB = created.json<Site>();
    const towerBarista = await t.createUser({ role: 'barista', name: 'Bruno', site: towerB.id });
    // Tower B's barista opens its cafe, acting on their own site without naming it.
    const opened = await t.request('PATCH', '/api/cafe-status/cafe-open', towerBarista);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ isCafeOpen: true, isBarOpen: false });

    const group = await t.request('POST', '/api/option-groups', admin, {
      name: 'Milk',
      minChoices: 1,
      maxChoices: 1,
      choices: [{ name: 'Whole', isDefault: true }, { name: 'Oat' }, { name: 'Soy' }],
    });
    expect(group.statusCode, group.body).toBe(201);
    const milk = group.json<OptionGroup>();
    const attached = await t.request('PUT', `/api/menu/${menu.latte}/options`, admin, {
      groups: [{ groupId: milk.id }],
    });
    expect(attached.statusCode, attached.body).toBe(200);
    const choice = (name: string) => {
      const found = milk.choices.find((c) => c.name === name);
      if (!found) throw new Error(`no choice ${name}`);
      return found.id;
    };

    const orderLatte = (who: TestUser, extra: Record<string, unknown> = {}) =>
      placeOrder(t, who, cafeOrderBody(menu.latte, image, extra));
    const towerPerson = async (name?: string) => {
      const person = await t.createUser(name === undefined ? {} : { name });
      const home = await t.request('PUT', '/api/user/home-site', person, { siteId: towerB.id });
      expect(home.statusCode, home.body).toBe(200);
      return person;
    };
    const placed = async (who: TestUser, extra: Record<string, unknown> = {}) => {
      const res = await orderLatte(who, extra);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Order>();
    };
    return {
      t,
      menu,
      image,
      admin,
      headBarista,
      towerB,
      towerBarista,
      milk,
      choice,
      orderLatte,
      towerPerson,
      placed,
    };
  } catch (error) {
    await t.close();
    throw error;
  }
}
