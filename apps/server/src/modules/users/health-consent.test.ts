import {
  HEALTH_CONSENT_VERSION,
  type AuditEntry,
  type AuditPage,
  type AvoidsAnswer,
  type ErrorBody,
  type Me,
  type Order,
  type UserSearchResult,
} from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cafeOrderBody, createOrderingApp, placeOrder, type SeededMenu } from '../../test-support/order-fixtures';
import { FIRST_SITE_ID, type TestApp, type TestUser } from '../../test-support/test-app';

/** A Tuesday, 10:00 in Bangkok: the cafe takes orders. */
const TUESDAY_MORNING = '2026-03-03T03:00:00.000Z';

/**
 * What a person avoids is health data (docs/decisions/0068-health-data-consent.md): a list that is
 * not empty is kept only with their explicit consent, recorded with its wording's version and time,
 * noted in the audit log (the list never is), and withdrawing it erases the list.
 */
describe('consent to keep what a person cannot drink', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let admin: TestUser;
  let barista: TestUser;

  const me = async (who: TestUser) => (await t.request('GET', '/api/user/me', who)).json<Me>();
  const putAvoids = (who: TestUser, body: Record<string, unknown>) =>
    t.request('PUT', '/api/user/me/avoids', who, body);
  const withdraw = (who: TestUser) => t.request('DELETE', '/api/user/me/health-consent', who);
  const storedAvoids = async (who: TestUser) =>
    (await t.app.ctx.db.selectFrom('users').select('avoids').where('id', '=', who.id).executeTakeFirstOrThrow()).avoids;
  const consentEntries = async (who: TestUser): Promise<AuditEntry[]> =>
    (await t.request('GET', '/api/audit?action=user.health-consent', admin))
      .json<AuditPage>()
      .entries.filter((e) => e.target.id === String(who.id));
  /** A list written as the release before this one kept it: no consent recorded. */
  const savedBeforeConsent = async (who: TestUser, avoids: string[]) => {
    await t.app.ctx.db
      .updateTable('users')
      .set({ avoids: JSON.stringify(avoids) })
      .where('id', '=', who.id)
      .execute();
    t.app.ctx.services.users.forget(who.id);
  };

  beforeAll(async () => {
    ({ t, menu, image } = await createOrderingApp({ clockNow: TUESDAY_MORNING }));
    // The times recorded are compared with the clock's.
    t.clock.freeze();
    admin = await t.createUser({ role: 'admin' });
    barista = await t.createUser({ role: 'barista' });
    const tagged = await t.request('PATCH', `/api/menu/${menu.latte}`, barista, { tags: ['milk', 'caffeine'] });
    expect(tagged.statusCode, tagged.body).toBe(200);
  });
  afterAll(() => t.close());

  it('refuses a list without consent with a readable 400, and saves nothing', async () => {
    const person = await t.createUser();
    const res = await putAvoids(person, { avoids: ['milk'] });
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.code).toBe('HEALTH_CONSENT_REQUIRED');
    expect(body.message).toBe(
      'To save what you cannot drink, first agree that the cafe keeps it: tick the box, then save again.',
    );
    expect(await storedAvoids(person)).toBe('[]');
    expect(await me(person)).toMatchObject({
      avoids: [],
      avoidsAwaitingConsent: [],
      healthConsent: { given: false, version: null, givenAt: null, withdrawnAt: null },
    });
    expect(await consentEntries(person)).toEqual([]);
  });

  it('needs no consent for an empty list', async () => {
    const person = await t.createUser();
    const res = await putAvoids(person, { avoids: [] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AvoidsAnswer>()).toEqual({
      avoids: [],
      healthConsent: { given: false, version: null, givenAt: null, withdrawnAt: null },
    });
  });

  it('records consent given with the list (when, which wording), and audits it without the list', async () => {
    const person = await t.createUser({ name: 'Consenting Person' });
    const at = t.clock.now().toISOString();
    const res = await putAvoids(person, { avoids: ['peanuts', 'milk'], consent: true });
    expect(res.statusCode, res.body).toBe(200);
    const consent = { given: true, version: HEALTH_CONSENT_VERSION, givenAt: at, withdrawnAt: null };
    expect(res.json<AvoidsAnswer>()).toEqual({ avoids: ['milk', 'peanuts'], healthConsent: consent });
    expect(await me(person)).toMatchObject({
      avoids: ['milk', 'peanuts'],
      avoidsAwaitingConsent: [],
      healthConsent: consent,
    });
    const rows = await t.app.ctx.db
      .selectFrom('health_consents')
      .selectAll()
      .where('user_id', '=', person.id)
      .execute();
    expect(rows).toEqual([{ user_id: person.id, version: HEALTH_CONSENT_VERSION, given_at: at, withdrawn_at: null }]);

    const entries = await consentEntries(person);
    expect(entries).toEqual([
      expect.objectContaining({
        actor: { id: person.id, name: 'Consenting Person' },
        action: 'user.health-consent.give',
        target: { type: 'user', id: String(person.id), name: 'Consenting Person' },
        before: null,
        after: { version: HEALTH_CONSENT_VERSION },
      }),
    ]);
    const wholeLog = JSON.stringify((await t.request('GET', '/api/audit?limit=100', admin)).json<AuditPage>());
    expect(wholeLog).not.toContain('peanuts');

    // Consent standing: later saves need no new one, and record no second.
    t.clock.advance(60_000);
    const later = await putAvoids(person, { avoids: ['milk'] });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json<AvoidsAnswer>().healthConsent).toEqual(consent);
    const again = await putAvoids(person, { avoids: ['eggs'], consent: true });
    expect(again.json<AvoidsAnswer>().healthConsent).toEqual(consent);
    expect(await consentEntries(person)).toHaveLength(1);
  });

  it('withdrawing consent erases the list, is recorded and audited, and a new list asks again', async () => {
    const person = await t.createUser({ name: 'Withdrawing Person' });
    const givenAt = t.clock.now().toISOString();
    expect((await putAvoids(person, { avoids: ['soy', 'milk'], consent: true })).statusCode).toBe(200);
    const placed = await placeOrder(t, person, cafeOrderBody(menu.latte, image, { dietConfirmed: true }));
    expect(placed.json<Order>()).toMatchObject({ avoids: ['milk', 'soy'], dietWarnings: ['milk'] });
    const standing = await t.request('POST', '/api/standing-orders', person, {
      siteId: FIRST_SITE_ID,
      drink: { menu_id: menu.latte, type: 'hot', sweetness: 50 },
      weekdays: [1],
      time: '10:00',
      dietConfirmed: true,
    });
    expect(standing.statusCode, standing.body).toBe(201);
    const confirmed = () =>
      t.app.ctx.db
        .selectFrom('standing_orders')
        .select('diet_confirmed')
        .where('user_id', '=', person.id)
        .executeTakeFirstOrThrow();
    expect(await confirmed()).toEqual({ diet_confirmed: '["milk"]' });
    t.clock.advance(60_000);
    const withdrawnAt = t.clock.now().toISOString();

    const res = await withdraw(person);
    expect(res.statusCode, res.body).toBe(200);
    const consent = { given: false, version: HEALTH_CONSENT_VERSION, givenAt, withdrawnAt };
    expect(res.json<AvoidsAnswer>()).toEqual({ avoids: [], healthConsent: consent });
    expect(await storedAvoids(person)).toBe('[]');
    expect(await me(person)).toMatchObject({ avoids: [], avoidsAwaitingConsent: [], healthConsent: consent });
    // What the orders noted of the list goes with it: for the person, on the barista's board, on the standing order.
    const order = await t.request('GET', `/api/order/${placed.json<Order>().id}`, person);
    expect(order.json<Order>()).toMatchObject({ avoids: [], dietWarnings: [] });
    const board = (await t.request('GET', '/api/order?status=ordered', barista)).json<Order[]>();
    expect(board.find((o) => o.id === placed.json<Order>().id)).toMatchObject({ avoids: [], dietWarnings: [] });
    expect(await confirmed()).toEqual({ diet_confirmed: '[]' });
    const entries = await consentEntries(person);
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['user.health-consent.withdraw', { version: HEALTH_CONSENT_VERSION }, null],
      ['user.health-consent.give', null, { version: HEALTH_CONSENT_VERSION }],
    ]);

    // Withdrawn: a new list needs consent again, and withdrawing twice records nothing more.
    expect((await putAvoids(person, { avoids: ['soy'] })).json<ErrorBody>().code).toBe('HEALTH_CONSENT_REQUIRED');
    expect((await withdraw(person)).json<AvoidsAnswer>().healthConsent).toEqual(consent);
    expect(await consentEntries(person)).toHaveLength(2);
    expect((await t.request('DELETE', '/api/user/me/health-consent')).statusCode).toBe(401);
  });

  it('uses a list kept without consent nowhere: not on the profile, the order, the walk-up search', async () => {
    const person = await t.createUser({ name: 'Waiting Milkfree' });
    await savedBeforeConsent(person, ['milk', 'peanuts']);
    expect(await me(person)).toMatchObject({
      avoids: [],
      avoidsAwaitingConsent: ['milk', 'peanuts'],
      healthConsent: { given: false },
    });
    // Placed without being asked: nothing the person avoids is known to the order.
    const placed = await placeOrder(t, person, cafeOrderBody(menu.latte, image));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<Order>()).toMatchObject({ avoids: [], dietWarnings: [] });
    const found = (await t.request('GET', '/api/user/search?q=milkfree', barista)).json<UserSearchResult[]>();
    expect(found).toEqual([expect.objectContaining({ id: person.id, avoids: [] })]);
    // Saving again without consent is refused and keeps the list as it was.
    expect((await putAvoids(person, { avoids: ['milk'] })).statusCode).toBe(400);
    expect(await storedAvoids(person)).toBe('["milk","peanuts"]');

    // Once they agree, the list is in use everywhere.
    expect((await putAvoids(person, { avoids: ['milk', 'peanuts'], consent: true })).statusCode).toBe(200);
    expect(await me(person)).toMatchObject({ avoids: ['milk', 'peanuts'], avoidsAwaitingConsent: [] });
    const asked = await placeOrder(t, person, cafeOrderBody(menu.latte, image));
    expect(asked.json<ErrorBody>().code).toBe('DIET_CONFIRMATION_NEEDED');
    const next = await placeOrder(t, person, cafeOrderBody(menu.latte, image, { dietConfirmed: true }));
    expect(next.json<Order>()).toMatchObject({ avoids: ['milk', 'peanuts'], dietWarnings: ['milk'] });
    const again = (await t.request('GET', '/api/user/search?q=milkfree', barista)).json<UserSearchResult[]>();
    expect(again).toEqual([expect.objectContaining({ id: person.id, avoids: ['milk', 'peanuts'] })]);
  });

  it('erases a list kept without consent when the person withdraws, with nothing to audit', async () => {
    const person = await t.createUser();
    await savedBeforeConsent(person, ['gluten']);
    const res = await withdraw(person);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AvoidsAnswer>()).toEqual({
      avoids: [],
      healthConsent: { given: false, version: null, givenAt: null, withdrawnAt: null },
    });
    expect(await storedAvoids(person)).toBe('[]');
    expect(await consentEntries(person)).toEqual([]);
  });

  it('counts a consent to an earlier wording as not given: the list waits until they agree again', async () => {
    const person = await t.createUser();
    await savedBeforeConsent(person, ['eggs']);
    await t.app.ctx.db
      .insertInto('health_consents')
      .values({ user_id: person.id, version: 'avoids-0', given_at: '2026-01-05T03:00:00.000Z', withdrawn_at: null })
      .execute();
    t.app.ctx.services.users.forget(person.id);
    expect(await me(person)).toMatchObject({
      avoids: [],
      avoidsAwaitingConsent: ['eggs'],
      healthConsent: { given: false, version: 'avoids-0', givenAt: '2026-01-05T03:00:00.000Z', withdrawnAt: null },
    });
    expect((await putAvoids(person, { avoids: ['eggs'] })).statusCode).toBe(400);
    const agreed = await putAvoids(person, { avoids: ['eggs'], consent: true });
    expect(agreed.json<AvoidsAnswer>().healthConsent).toMatchObject({ given: true, version: HEALTH_CONSENT_VERSION });
  });

  it('takes consent only as true', async () => {
    const person = await t.createUser();
    const res = await putAvoids(person, { avoids: ['milk'], consent: false });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().code).toBe('VALIDATION');
    expect(await storedAvoids(person)).toBe('[]');
  });
});
