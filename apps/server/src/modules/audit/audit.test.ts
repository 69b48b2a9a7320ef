import {
  SYSTEM_ACTOR_NAME,
  type AuditEntry,
  type AuditPage,
  type CafeStatus,
  type Schedule,
  type Site,
} from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SITE_NAME } from '../../db/migrations/009-sites';
import { createTestApp, FIRST_SITE_ID, type TestApp, type TestUser } from '../../test-support/test-app';

/*
 * The audit log as an admin sees it: the changes admins and baristas make appear with who made
 * them, when, and the fields before and after; refused changes leave nothing; only admins read
 * and export it, and nothing edits it.
 */

/** A Wednesday morning in Bangkok, after the cafe's scheduled opening at 9:00. */
const WEDNESDAY_10AM = '2026-11-18T10:00:00+07:00';

/** RFC 4180 rows of a CSV text (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  return rows;
}

describe('audit log', () => {
  let t: TestApp;
  let admin: TestUser;
  let barista: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ clockNow: WEDNESDAY_10AM });
    admin = await t.createUser({ role: 'admin', name: 'Ada Admin' });
    barista = await t.createUser({ role: 'barista', name: 'Bea Barista' });
    user = await t.createUser({ role: 'user', name: 'Somchai' });
  });
  afterAll(() => t.close());

  async function read(query = ''): Promise<AuditPage> {
    const res = await t.request('GET', `/api/audit${query ? `?${query}` : ''}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AuditPage>();
  }
  const newest = async (): Promise<AuditEntry | undefined> => (await read('limit=1')).entries[0];
  /** Every entry, newest first (the tests write fewer than a page). */
  const all = async (): Promise<AuditEntry[]> => (await read('limit=100')).entries;

  async function ok(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who: TestUser, body?: object) {
    const res = await t.request(method, url, who, body);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res;
  }

  it('records the opening hours opening the shop, as their own account, named the cafe timer', async () => {
    await t.app.ctx.services.schedule.runDue(t.clock.now());
    expect(await newest()).toMatchObject({
      action: 'shop.status',
      actor: { name: SYSTEM_ACTOR_NAME, system: true },
      target: { type: 'site', id: String(FIRST_SITE_ID), name: FIRST_SITE_NAME },
      site: { id: FIRST_SITE_ID, name: FIRST_SITE_NAME },
      before: { isCafeOpen: false, isBarOpen: false },
      after: { isCafeOpen: true, isBarOpen: false },
    });
  });

  it('shows a role change with the admin, the person, before and after', async () => {
    await ok('PATCH', `/api/user/${user.id}`, admin, { role: 'barista' });
    const entry = await newest();
    expect(entry).toMatchObject({
      action: 'user.role',
      actor: { id: admin.id, name: 'Ada Admin' },
      target: { type: 'user', id: String(user.id), name: 'Somchai' },
      site: null,
      before: { role: 'user' },
      after: { role: 'barista' },
    });
    // The test clock runs on from 10:00.
    expect(Date.parse(entry?.at ?? '') - new Date(WEDNESDAY_10AM).getTime()).toBeLessThan(60_000);
    // Back again: a second entry; the name and availability did not change and have none.
    await ok('PATCH', `/api/user/${user.id}`, admin, { role: 'user', name: 'Somchai', isAvailable: 'available' });
    const [back, first] = await all();
    expect(back).toMatchObject({ action: 'user.role', before: { role: 'barista' }, after: { role: 'user' } });
    expect(first?.id).toBe(entry?.id);
  });

  it('shows a site change: only the fields that changed', async () => {
    const site = (await t.request('GET', `/api/sites/${FIRST_SITE_ID}`)).json<Site>();
    await ok('PATCH', `/api/sites/${FIRST_SITE_ID}`, admin, { radiusKm: site.radiusKm + 1, name: site.name });
    expect(await newest()).toMatchObject({
      action: 'site.update',
      actor: { id: admin.id },
      target: { type: 'site', id: String(FIRST_SITE_ID) },
      before: { radiusKm: site.radiusKm },
      after: { radiusKm: site.radiusKm + 1 },
    });
    expect(Object.keys((await newest())?.after ?? {})).toEqual(['radiusKm']);
  });

  it("shows a barista's menu changes: a category made and renamed, an item made and sold out at a site", async () => {
    const category = (await ok('POST', '/api/category', barista, { name: 'Audit Tea', categoryFor: 'cafe' })).json<{
      id: number;
    }>();
    await ok('PATCH', `/api/category/${category.id}`, barista, { name: 'Audit Tisane' });
    const item = (
      await ok('POST', '/api/menu', barista, { name: 'Chamomile', category_id: category.id, description: 'Calm' })
    ).json<{ id: number }>();
    await ok('PATCH', `/api/sites/${FIRST_SITE_ID}/menu-items/${item.id}`, barista, { soldOut: true });
    const [soldOut, created, renamed, made] = await all();
    expect(made).toMatchObject({
      action: 'menu.category.create',
      actor: { id: barista.id, name: 'Bea Barista' },
      target: { type: 'category', id: String(category.id), name: 'Audit Tisane' },
      before: null,
      after: { name: 'Audit Tea', categoryFor: 'cafe', isAvailable: 'available' },
    });
    expect(renamed).toMatchObject({
      action: 'menu.category.update',
      before: { name: 'Audit Tea' },
      after: { name: 'Audit Tisane' },
    });
    expect(created).toMatchObject({
      action: 'menu.item.create',
      target: { type: 'menu-item', id: String(item.id), name: 'Chamomile' },
      after: { name: 'Chamomile', description: 'Calm', categoryId: category.id },
    });
    expect(soldOut).toMatchObject({
      action: 'menu.site-item',
      site: { id: FIRST_SITE_ID },
      before: { soldOut: false },
      after: { soldOut: true },
    });
  });

  it("shows a person's shop status change, and none when it changed nothing", async () => {
    const before = (await t.request('GET', '/api/cafe-status')).json<CafeStatus>();
    await ok('PATCH', '/api/cafe-status/close-both', barista);
    const entry = await newest();
    expect(entry).toMatchObject({
      action: 'shop.status',
      actor: { id: barista.id, name: 'Bea Barista' },
      before,
      after: { isCafeOpen: false, isBarOpen: false },
    });
    await ok('PATCH', '/api/cafe-status/all-close', barista);
    expect((await newest())?.id).toBe(entry?.id);
  });

  it('shows a busy mode change: paused by hand, then a limit', async () => {
    await ok('PATCH', '/api/ordering-status', barista, { paused: true });
    expect(await newest()).toMatchObject({
      action: 'shop.busy',
      actor: { id: barista.id },
      before: { paused: false },
      after: { paused: true },
    });
    await ok('PATCH', '/api/ordering-status', admin, { paused: true, maxWaiting: 12 });
    expect(await newest()).toMatchObject({
      actor: { id: admin.id },
      before: { maxWaiting: null },
      after: { maxWaiting: 12 },
    });
    expect(Object.keys((await newest())?.before ?? {})).toEqual(['maxWaiting']);
  });

  it('shows schedule changes: the weekday whose hours changed, a closed day added and removed', async () => {
    const schedule = (await t.request('GET', '/api/schedule')).json<Schedule>();
    const weekly = schedule.weekly.map((p) => (p.venue === 'cafe' && p.weekday === 1 ? { ...p, closes: '17:30' } : p));
    await ok('PUT', '/api/schedule/weekly', barista, { weekly });
    expect(await newest()).toMatchObject({
      action: 'schedule.weekly',
      actor: { id: barista.id },
      site: { id: FIRST_SITE_ID },
      before: { weekly: [{ venue: 'cafe', weekday: 1, opens: '09:00', closes: '16:00' }] },
      after: { weekly: [{ venue: 'cafe', weekday: 1, opens: '09:00', closes: '17:30' }] },
    });
    await ok('POST', '/api/schedule/closed-days', admin, { day: '2026-12-25', note: 'Christmas' });
    await ok('DELETE', '/api/schedule/closed-days/2026-12-25', admin);
    const [removed, added] = await all();
    expect(added).toMatchObject({
      action: 'schedule.closed-day.add',
      target: { type: 'closed-day', id: '2026-12-25', name: null },
      before: null,
      after: { day: '2026-12-25', note: 'Christmas' },
    });
    expect(removed).toMatchObject({
      action: 'schedule.closed-day.remove',
      before: { day: '2026-12-25', note: 'Christmas' },
      after: null,
    });
  });

  it('shows pickup settings, option groups and baristas of a site', async () => {
    await ok('PUT', `/api/sites/${FIRST_SITE_ID}/pickup`, barista, { slotCapacity: 4 });
    expect(await newest()).toMatchObject({ action: 'pickup.settings', after: { slotCapacity: 4 } });
    const group = (
      await ok('POST', '/api/option-groups', barista, {
        name: 'Audit Milk',
        minChoices: 0,
        maxChoices: 1,
        choices: [{ name: 'Oat' }],
      })
    ).json<{ id: number }>();
    await ok('DELETE', `/api/option-groups/${group.id}`, barista);
    await ok('PUT', `/api/sites/${FIRST_SITE_ID}/baristas`, admin, { userIds: [] });
    const [baristas, retired, made] = await all();
    expect(made).toMatchObject({
      action: 'options.group.create',
      after: { name: 'Audit Milk', choices: [{ name: 'Oat', isDefault: false }] },
    });
    expect(retired).toMatchObject({ action: 'options.group.retire', after: { retired: true } });
    expect(baristas).toMatchObject({
      action: 'site.baristas',
      before: { baristas: expect.arrayContaining([{ id: barista.id, name: 'Bea Barista' }]) as unknown },
      after: { baristas: [] },
    });
    await ok('PUT', `/api/sites/${FIRST_SITE_ID}/baristas`, admin, { userIds: [barista.id] });
  });

  it('leaves no entry for a refused change (403, 400, 404, 409)', async () => {
    const before = await all();
    const refused: [number, Promise<{ statusCode: number }>][] = [
      [403, t.request('PATCH', `/api/user/${user.id}`, barista, { role: 'admin' })],
      [403, t.request('PATCH', `/api/user/${admin.id}`, admin, { role: 'user' })],
      [403, t.request('PATCH', `/api/sites/${FIRST_SITE_ID}`, barista, { radiusKm: 3 })],
      [400, t.request('PATCH', `/api/sites/${FIRST_SITE_ID}`, admin, { timeZone: 'Mars/Olympus' })],
      [400, t.request('POST', '/api/schedule/closed-days', admin, { day: '2026-01-01' })],
      [404, t.request('PATCH', '/api/user/999999', admin, { role: 'barista' })],
      [404, t.request('DELETE', '/api/schedule/closed-days/2027-01-01', admin)],
      [409, t.request('POST', `/api/sites/${FIRST_SITE_ID}/archive`, admin)],
      [
        409,
        t.request('POST', '/api/sites', admin, {
          name: FIRST_SITE_NAME,
          latitude: 13.7,
          longitude: 100.5,
          radiusKm: 1,
          timeZone: 'Asia/Bangkok',
        }),
      ],
    ];
    for (const [status, res] of refused) expect((await res).statusCode).toBe(status);
    expect(await all()).toEqual(before);
  });

  it('answers a barista, a person and a stranger 403 or 401 on both routes', async () => {
    for (const url of ['/api/audit', '/api/audit/export']) {
      expect((await t.request('GET', url, barista)).statusCode).toBe(403);
      expect((await t.request('GET', url, user)).statusCode).toBe(403);
      expect((await t.request('GET', url)).statusCode).toBe(401);
    }
  });

  it('has no route that edits or removes an entry', async () => {
    const id = (await newest())?.id ?? 1;
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/audit', `/api/audit/${id}`, '/api/audit/export']) {
        expect((await t.request(method, url, admin, {})).statusCode).toBe(404);
      }
    }
    expect((await newest())?.id).toBe(id);
  });

  it('records through the service API (account deletion), and nothing for a change that changed nothing', async () => {
    const audit = t.app.ctx.services.audit;
    const db = t.app.ctx.db;
    expect(
      await audit.record(db, {
        actor: admin,
        action: 'user.role',
        target: { type: 'user', id: user.id },
        before: { role: 'user' },
        after: { role: 'user' },
      }),
    ).toBe(false);
    // Written on an earlier day, for the date filters below.
    const now = t.clock.now();
    t.clock.set('2026-11-10T09:00:00+07:00');
    await audit.record(db, {
      actor: { id: admin.id },
      action: 'user.delete',
      target: { type: 'user', id: 424242 },
      before: { name: 'Gone' },
      after: null,
    });
    t.clock.set(now);
    const deleted = (await read('action=user.delete')).entries;
    expect(deleted).toMatchObject([
      { actor: { id: admin.id, name: 'Ada Admin' }, target: { id: '424242', name: null }, before: { name: 'Gone' } },
    ]);
  });

  it('pages newest first with a cursor, without repeating or missing an entry', async () => {
    const everything = await all();
    expect(everything.length).toBeGreaterThan(10);
    const seen: AuditEntry[] = [];
    let cursor: string | null = null;
    do {
      const page: AuditPage = await read(`limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.entries.length).toBeLessThanOrEqual(3);
      seen.push(...page.entries);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.map((e) => e.id)).toEqual(everything.map((e) => e.id));
    const times = everything.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await t.request('GET', '/api/audit?cursor=bm90LWEtY3Vyc29y', admin)).statusCode).toBe(400);
  });

  it('filters by action prefix, actor and cafe days', async () => {
    const shop = (await read('action=shop')).entries;
    expect(shop.length).toBeGreaterThan(0);
    expect(shop.every((e) => e.action.startsWith('shop.'))).toBe(true);
    expect(new Set(shop.map((e) => e.action))).toEqual(new Set(['shop.status', 'shop.busy']));
    expect((await read('action=menu.category')).entries.map((e) => e.action).sort()).toEqual([
      'menu.category.create',
      'menu.category.update',
    ]);
    const byBarista = (await read(`actorId=${barista.id}`)).entries;
    expect(byBarista.length).toBeGreaterThan(0);
    expect(byBarista.every((e) => e.actor.id === barista.id)).toBe(true);
    expect((await read('from=2026-11-10&to=2026-11-10')).entries.map((e) => e.action)).toEqual(['user.delete']);
    const today = (await read('from=2026-11-18&to=2026-11-18&limit=100')).entries;
    expect(today.length).toBe((await all()).length - 1);
    expect((await read('from=2026-11-19')).entries).toEqual([]);
    expect((await t.request('GET', '/api/audit?from=2026-11-18&to=2026-11-17', admin)).statusCode).toBe(400);
    expect((await t.request('GET', '/api/audit?action=DROP%20TABLE', admin)).statusCode).toBe(400);
  });

  it('exports every entry as CSV with the header, and keeps formulas from running', async () => {
    const sneaky = await t.createUser({ role: 'admin', name: '=HYPERLINK("x")' });
    await ok('POST', '/api/sites', sneaky, {
      name: '+Annex',
      latitude: 13.75,
      longitude: 100.54,
      radiusKm: 1,
      timeZone: 'Asia/Bangkok',
      venues: { cafe: true, bar: false },
    });
    const res = await t.request('GET', '/api/audit/export', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(res.body.slice(1));
    expect(header).toEqual(['at', 'actor', 'action', 'target', 'site', 'before', 'after']);
    const entries = await all();
    expect(rows).toHaveLength(entries.length);
    expect(rows.map((r) => r[2])).toEqual(entries.map((e) => e.action));
    const [created] = rows;
    expect(created).toEqual([
      entries[0]?.at,
      `'=HYPERLINK("x") (#${sneaky.id})`,
      'site.create',
      `site ${entries[0]?.target.id} (+Annex)`,
      "'+Annex",
      '',
      expect.stringContaining('"name":"+Annex"'),
    ]);
    const role = rows.find((r) => r[2] === 'user.role');
    expect(role?.slice(1, 6)).toEqual([
      `Ada Admin (#${admin.id})`,
      'user.role',
      `user ${user.id} (Somchai)`,
      '',
      expect.any(String),
    ]);
    // Filtered: only the shop's entries.
    const shop = parseCsv((await t.request('GET', '/api/audit/export?action=shop', admin)).body.slice(1));
    expect(shop.slice(1).every((r) => r[2]?.startsWith('shop.'))).toBe(true);
    expect(shop.length - 1).toBe((await read('action=shop')).entries.length);
  });
});
