import type { LightMyRequestResponse } from 'fastify';
import type { LiveEventName, LiveEventPayload, Order, OrdersEvent, OrderStatus, PlacedOrder } from '@cafe/shared';
import { iso } from '../lib/time';
import { FIRST_SITE_ID, createTestApp, onLiveEvent, type LiveClient, type TestApp, type TestUser } from './test-app';
import { uploadImage } from './image-fixtures';

/**
 * Menu data written straight into the database (the menu module is not what these tests are
 * about): one live item per venue, plus items that cannot be ordered for each reason.
 */
export async function seedMenu(t: TestApp) {
  const db = t.app.ctx.db;
  const now = iso(t.clock.now());
  const category = async (
    name: string,
    categoryFor: 'cafe' | 'bar',
    isAvailable: 'available' | 'unavailable' = 'available',
  ) =>
    (
      await db
        .insertInto('categories')
        .values({
          name,
          category_for: categoryFor,
          is_available: isAvailable,
          sort_order: 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const item = async (
    categoryId: number,
    name: string,
    opts: { isActive?: 'active' | 'inactive'; isAvailable?: 'available' | 'unavailable' } = {},
  ) => {
    const { id } = await db
      .insertInto('menu_items')
      .values({
        category_id: categoryId,
        name,
        description: '-',
        is_active: opts.isActive ?? 'active',
        is_available: opts.isAvailable ?? 'available',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Served at every site, as an item made through the app is (migration 010).
    await serveAtEverySite(t, id);
    return id;
  };

  const coffee = await category('Coffee', 'cafe');
  const tea = await category('Tea', 'cafe');
  const cocktails = await category('Cocktails', 'bar');
  const retired = await category('Retired', 'cafe', 'unavailable');
  return {
    coffee,
    tea,
    cocktails,
    latte: await item(coffee, 'Latte'),
    thaiTea: await item(tea, 'Thai Tea'),
    inactive: await item(coffee, 'Mocha', { isActive: 'inactive' }),
    deleted: await item(coffee, 'Espresso', { isAvailable: 'unavailable' }),
    inRetiredCategory: await item(retired, 'Old Brew'),
    mojito: await item(cocktails, 'Mojito'),
  };
}
export type SeededMenu = Awaited<ReturnType<typeof seedMenu>>;

/** An item written straight into the database is served at every site, as one made through the app is. */
export async function serveAtEverySite(t: TestApp, itemId: number): Promise<void> {
  const sites = await t.app.ctx.db.selectFrom('sites').select('id').execute();
  await t.app.ctx.db
    .insertInto('site_menu_items')
    .values(sites.map((s) => ({ site_id: s.id, item_id: itemId, available: 1, sold_out: 0 })))
    .execute();
  t.app.ctx.bus.publish('site-menu', null);
}

/** Opens and closes the venues of a site (the first one unless told). */
export async function setShop(
  t: TestApp,
  open: { cafe: boolean; bar: boolean },
  siteId = FIRST_SITE_ID,
): Promise<void> {
  await t.app.ctx.db
    .updateTable('sites')
    .set({ is_cafe_open: open.cafe ? 1 : 0, is_bar_open: open.bar ? 1 : 0, status_updated_at: iso(t.clock.now()) })
    .where('id', '=', siteId)
    .execute();
  // Written behind the services' backs: what the server keeps in memory must be read again.
  t.app.ctx.bus.resync();
}

/**
 * When an ordering app's clock starts unless its test says otherwise: an ordinary morning of the
 * cafe's week (a Wednesday at 10:00 in Bangkok), not the machine's moment. From 12:00 on a Friday
 * the cafe menu is closed, and a test placing cafe orders then would be refused.
 */
export const ORDERING_MORNING = '2026-11-18T10:00:00+07:00';

/**
 * A test app ready to take cafe orders: the seeded menu, the cafe open and the bar closed, and a
 * tumbler photo uploaded (by a user of its own) for the orders to carry. Its clock starts at
 * `ORDERING_MORNING` unless `clockNow` is given.
 */
export async function createOrderingApp(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<{ t: TestApp; menu: SeededMenu; image: string }> {
  const t = await createTestApp({ clockNow: ORDERING_MORNING, ...options });
  try {
    const menu = await seedMenu(t);
    await setShop(t, { cafe: true, bar: false });
    const image = await uploadImage(t, await t.createUser());
    return { t, menu, image };
  } catch (error) {
    await t.close();
    throw error;
  }
}

export function cafeOrderBody(menuId: number, tumblerImage: string, extra: Record<string, unknown> = {}) {
  return {
    menu_id: menuId,
    menu_name: 'Latte',
    type: 'cold',
    sweetness: 50,
    remark: 'less ice',
    tumblerImage,
    ...extra,
  };
}

/** POST /order as `user`, answered once the placement's live events have left too (as every `t.request`). */
export function placeOrder(t: TestApp, user: TestUser, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return t.request('POST', '/api/order', user, body);
}

/** The order of a placement's answer, without what only the answer carries (its place, wait and daily count). */
export function orderOf(answer: PlacedOrder): Order {
  const {
    queue_at: _place,
    estimatedWaitMinutes: _wait,
    estimatedReadyAt: _ready,
    dailyCount: _count,
    ...order
  } = answer;
  return order;
}

/** POST /order as `user`, with an Idempotency-Key when one is given. */
export function placeOrderWithKey(
  t: TestApp,
  user: TestUser,
  key: string | undefined,
  body: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { ...user.auth, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: body,
  });
}

/** The owner's move of an order, answered once its live events have left too (as every `t.request`). */
export function ownerPatch(t: TestApp, user: TestUser, id: number, status: string) {
  return t.request('PATCH', `/api/order/${id}`, user, { status });
}

/** A barista's move of an order, answered once its live events have left too (as every `t.request`). */
export function baristaPatch(t: TestApp, user: TestUser, id: number, payload: Record<string, unknown>) {
  return t.request('PATCH', `/api/order/barista/${id}`, user, payload);
}

/** Every `event` a socket receives from now on. */
export function collect<E extends LiveEventName>(socket: LiveClient, event: E): LiveEventPayload<E>[] {
  const seen: LiveEventPayload<E>[] = [];
  onLiveEvent(socket, event, (payload) => seen.push(payload));
  return seen;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An `orders` event payload for tests that send one straight through ctx.events (no order behind it). */
export function fakeOrdersEvent(fields: { id: number; userId: number; status?: OrderStatus }): OrdersEvent {
  const status = fields.status ?? 'ordered';
  const at = '2026-11-18T03:00:00.000Z';
  return {
    id: fields.id,
    status,
    userId: fields.userId,
    categoryFor: 'cafe',
    updatedAt: at,
    from: null,
    order: {
      id: fields.id,
      status,
      orderDate: at,
      updatedAt: at,
      type: 'hot',
      sweetness: 50,
      remark: '-',
      tumblerImage: '/api/images/test.webp',
      rejectNote: '',
      menu: { id: 1, name: 'Latte', category: { id: 1, name: 'Coffee', categoryFor: 'cafe' } },
      user: { id: fields.userId, name: 'Someone' },
      site: { id: 1, name: 'Head office' },
    },
  };
}
