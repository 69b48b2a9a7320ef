import {
  AccountExportSchema,
  HEALTH_CONSENT_VERSION,
  type AccountExport,
  type Order,
  type StandingOrder,
} from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cafeOrderBody,
  createOrderingApp,
  ownerPatch,
  placeOrder,
  type SeededMenu,
} from '../../test-support/order-fixtures';
import { FIRST_SITE_ID, type TestApp, type TestUser } from '../../test-support/test-app';

/**
 * What a person set up for themselves, beyond their account and orders (docs/privacy.md): their
 * consent to keep what they avoid, their usual, their standing orders and their Slack link. The data
 * download gives all of it; deleting the account erases all of it.
 */
describe("a person's consent, usual, standing orders and chat links", () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;

  const exported = async (who: TestUser): Promise<AccountExport> => {
    const res = await t.request('GET', '/api/user/me/export', who);
    expect(res.statusCode, res.body).toBe(200);
    return AccountExportSchema.strict().parse(res.json());
  };
  const rowsOf = async (userId: number) => {
    const db = t.app.ctx.db;
    const standing = await db.selectFrom('standing_orders').select('id').where('user_id', '=', userId).execute();
    return {
      consents: await db.selectFrom('health_consents').selectAll().where('user_id', '=', userId).execute(),
      usuals: await db.selectFrom('usual_drinks').selectAll().where('user_id', '=', userId).execute(),
      standing,
      runs: standing.length
        ? await db
            .selectFrom('standing_order_runs')
            .selectAll()
            .where(
              'standing_order_id',
              'in',
              standing.map((s) => s.id),
            )
            .execute()
        : [],
      chatLinks: await db.selectFrom('chat_links').selectAll().where('user_id', '=', userId).execute(),
      chatLinkTokens: await db
        .selectFrom('chat_link_tokens')
        .selectAll()
        .where('external_id', 'in', [`U0${userId}`, `Uline${userId}`])
        .execute(),
    };
  };

  /** A person with all of it: consent and a list, a usual, two standing orders (one ran a day), a Slack link. */
  async function setUp(name: string): Promise<TestUser> {
    const who = await t.createUser({ name });
    const avoids = await t.request('PUT', '/api/user/me/avoids', who, { avoids: ['milk'], consent: true });
    expect(avoids.statusCode, avoids.body).toBe(200);
    const usual = await t.request('PUT', '/api/me/usual', who, { menu_id: menu.latte, type: 'hot', sweetness: 50 });
    expect(usual.statusCode, usual.body).toBe(200);
    const withDrink = await t.request('POST', '/api/standing-orders', who, {
      siteId: FIRST_SITE_ID,
      drink: { menu_id: menu.thaiTea, type: 'cold', sweetness: 25 },
      weekdays: [1, 3],
      time: '09:30',
    });
    expect(withDrink.statusCode, withDrink.body).toBe(201);
    const theUsual = await t.request('POST', '/api/standing-orders', who, {
      siteId: FIRST_SITE_ID,
      weekdays: [5],
      time: '10:00',
      // Their usual, a latte, has milk, which they avoid: they said they want it anyway.
      dietConfirmed: true,
    });
    expect(theUsual.statusCode, theUsual.body).toBe(201);
    const at = t.clock.now().toISOString();
    await t.app.ctx.db
      .insertInto('standing_order_runs')
      .values({
        standing_order_id: withDrink.json<StandingOrder>().id,
        day: '2026-11-16',
        outcome: 'skipped',
        order_id: null,
        reason: 'The cafe is closed on this day.',
        created_at: at,
      })
      .execute();
    await t.app.ctx.db
      .insertInto('chat_links')
      .values({
        channel: 'slack',
        external_id: `U0${who.id}`,
        workspace_id: 'T0CAFE',
        user_id: who.id,
        display_name: `U0${who.id}`,
        linked_by: 'email',
        created_at: at,
        revoked_at: null,
      })
      .execute();
    await t.app.ctx.db
      .insertInto('chat_link_tokens')
      .values({
        token_hash: `${who.id}`.padStart(64, '0'),
        channel: 'slack',
        external_id: `U0${who.id}`,
        workspace_id: 'T0CAFE',
        display_name: name,
        expires_at: at,
        used_at: at,
      })
      .execute();
    // And a LINE account, linked by a one-time link (whose used token is kept until it expires).
    await t.app.ctx.db
      .insertInto('chat_links')
      .values({
        channel: 'line',
        external_id: `Uline${who.id}`,
        user_id: who.id,
        display_name: `${name} on LINE`,
        linked_by: 'link',
        created_at: at,
        revoked_at: null,
      })
      .execute();
    await t.app.ctx.db
      .insertInto('chat_link_tokens')
      .values({
        token_hash: `line${who.id}`.padStart(64, '0'),
        channel: 'line',
        external_id: `Uline${who.id}`,
        display_name: `${name} on LINE`,
        reference: null,
        expires_at: at,
        used_at: at,
      })
      .execute();
    return who;
  }

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp());
    const barista = await t.createUser({ role: 'barista' });
    const tagged = await t.request('PATCH', `/api/menu/${menu.latte}`, barista, { tags: ['milk'] });
    expect(tagged.statusCode, tagged.body).toBe(200);
    // The times recorded are compared with the clock's.
    t.clock.freeze();
  });
  afterAll(() => t.close());

  it('gives the person their consent, usual, standing orders and chat links, and none of anyone else', async () => {
    const at = t.clock.now().toISOString();
    const person = await setUp('Pim Standing');
    await setUp('Someone Else');

    const data = await exported(person);
    expect(data.account).toMatchObject({
      avoids: ['milk'],
      healthConsent: { version: HEALTH_CONSENT_VERSION, givenAt: at, withdrawnAt: null },
    });
    expect(data.usual).toEqual({
      drink: { menu_id: menu.latte, type: 'hot', sweetness: 50 },
      drinkName: 'Latte',
      savedAt: at,
    });
    const [first] = await t.app.ctx.db
      .selectFrom('standing_orders')
      .select('id')
      .where('user_id', '=', person.id)
      .orderBy('id')
      .execute();
    expect(data.standingOrders).toEqual([
      {
        id: first?.id,
        site: 'Head office',
        drink: { menu_id: menu.thaiTea, type: 'cold', sweetness: 25 },
        drinkName: 'Thai Tea',
        dietConfirmed: [],
        weekdays: [1, 3],
        time: '09:30',
        paused: false,
        skipDate: null,
        endedAt: null,
        endedReason: null,
        createdAt: at,
        updatedAt: at,
        runs: [{ day: '2026-11-16', outcome: 'skipped', orderId: null, reason: 'The cafe is closed on this day.', at }],
      },
      expect.objectContaining({
        drink: null,
        drinkName: null,
        dietConfirmed: ['milk'],
        weekdays: [5],
        time: '10:00',
        runs: [],
      }),
    ]);
    expect(data.chatLinks).toEqual([
      {
        service: 'slack',
        workspaceId: 'T0CAFE',
        userId: `U0${person.id}`,
        linkedBy: 'email',
        linkedAt: at,
        revokedAt: null,
      },
      {
        service: 'line',
        workspaceId: null,
        userId: `Uline${person.id}`,
        linkedBy: 'link',
        linkedAt: at,
        revokedAt: null,
      },
    ]);
    expect(JSON.stringify(data)).not.toContain('Someone Else');
  });

  it('shows a withdrawn consent with when, and a person who set up nothing with none of it', async () => {
    const person = await t.createUser();
    const none = await exported(person);
    expect(none.account.healthConsent).toBeNull();
    expect(none).toMatchObject({ usual: null, standingOrders: [], chatLinks: [] });

    const givenAt = t.clock.now().toISOString();
    expect((await t.request('PUT', '/api/user/me/avoids', person, { avoids: ['soy'], consent: true })).statusCode).toBe(
      200,
    );
    t.clock.advance(60_000);
    expect((await t.request('DELETE', '/api/user/me/health-consent', person)).statusCode).toBe(200);
    const withdrawn = await exported(person);
    expect(withdrawn.account).toMatchObject({
      avoids: [],
      healthConsent: { version: HEALTH_CONSENT_VERSION, givenAt, withdrawnAt: t.clock.now().toISOString() },
    });
  });

  it('erases all of it with the account, and keeps everyone else’s', async () => {
    const person = await setUp('Leaving Standing');
    const other = await setUp('Staying Standing');
    const before = await rowsOf(person.id);
    for (const [what, rows] of Object.entries(before)) expect(rows.length, what).toBeGreaterThan(0);
    // An order noted what they avoid; the live events kept for reconnecting screens told it too.
    const placed = await placeOrder(t, person, cafeOrderBody(menu.latte, image, { dietConfirmed: true }));
    expect(placed.json<Order>()).toMatchObject({ avoids: ['milk'], dietWarnings: ['milk'] });
    expect((await ownerPatch(t, person, placed.json<Order>().id, 'cancel')).statusCode).toBe(200);
    const told = async () =>
      (
        await t.app.ctx.db
          .selectFrom('live_events')
          .select('payload')
          .where('rooms', 'like', `%"user:${person.id}"%`)
          .execute()
      ).map((row) => (JSON.parse(row.payload) as { order?: Partial<Order> }).order);
    expect((await told()).some((order) => order?.avoids?.includes('milk'))).toBe(true);

    const deleted = await t.request('DELETE', '/api/user/me', person, { confirm: person.email });
    expect(deleted.statusCode, deleted.body).toBe(204);

    expect(await rowsOf(person.id)).toEqual({
      consents: [],
      usuals: [],
      standing: [],
      runs: [],
      chatLinks: [],
      chatLinkTokens: [],
    });
    const account = await t.app.ctx.db
      .selectFrom('users')
      .select('avoids')
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(account.avoids).toBe('[]');
    const after = await told();
    expect(after.length).toBeGreaterThan(0);
    for (const order of after) expect(order).toMatchObject({ avoids: [], dietWarnings: [] });
    const kept = await rowsOf(other.id);
    for (const [what, rows] of Object.entries(kept)) expect(rows.length, what).toBeGreaterThan(0);
  });
});
