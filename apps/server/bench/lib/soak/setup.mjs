// The soak's office before its week: two sites (the demo's Head office and a second one, both on
// Bangkok's clock), their people and baristas, a share of the people linked to Slack with Slack
// notifications on, a pickup screen link per site, and each standing-order person's standing order
// (every weekday at 10:30), made the Friday before the week as people make them.
import { client, DEMO, idempotencyKey } from '../api.mjs';
import { assignBaristas, insertUsers, setHomeSite } from '../seed.mjs';
import { mapLimit } from '../stats.mjs';
import { openDirect } from '../database.mjs';

export const SLACK_TEAM = 'T0CAFE';
/** Bangkok's offset: both sites keep the cafe's default zone. */
export const ZONE = '+07:00';
/** The Friday before the week, 09:30: the cafe open by its hours. */
export const SETUP_AT = `2025-06-13T09:30:00${ZONE}`;
export const STANDING_TIME = '10:30';
export const LATER_TIME = '11:00';

/** With the first process running on a fresh database: the second site, added as an admin adds one. */
export async function addSecondSite(base) {
  const api = client(base);
  const admin = await api.login(DEMO.admin.email, DEMO.admin.password);
  await api.call('POST', '/sites', {
    token: admin,
    body: {
      name: 'Tower B',
      latitude: 13.75,
      longitude: 100.55,
      radiusKm: 1,
      timeZone: 'Asia/Bangkok',
      venues: { cafe: true, bar: true },
    },
  });
  const sites = (await api.call('GET', '/sites', { token: admin })).json;
  return sites.slice(0, 2).map((s) => ({ id: s.id, name: s.name }));
}

/** With the servers stopped: each site's people (rush, later, standing), baristas and Slack links. */
export async function seedPeople(databaseUrl, sites, load) {
  const db = await openDirect({ pgUrl: databaseUrl });
  try {
    const out = [];
    for (const [k, site] of sites.entries()) {
      const group = async (name, count) => {
        const people = await insertUsers(db, { prefix: `s${k}${name}`, count });
        await setHomeSite(db, site.id, people);
        return people.map((p) => ({ ...p, siteId: site.id }));
      };
      const rush = await group('rush', load.rushPeople);
      const later = await group('later', load.laterPeople);
      const standing = await group('stand', load.standingPeople);
      const baristas = await insertUsers(db, { prefix: `s${k}barista`, count: 2, role: 'barista' });
      await assignBaristas(db, site.id, baristas);
      const items = (
        await db.query(
          `SELECT m.id AS id, m.name AS name FROM menu_items m
             JOIN categories c ON c.id = m.category_id
             JOIN site_menu_items s ON s.item_id = m.id AND s.site_id = ?
            WHERE c.category_for = 'cafe' AND m.is_active = 'active' AND m.is_available = 'available'
              AND c.is_available = 'available' AND s.available = 1 AND s.sold_out = 0
              AND m.id NOT IN (SELECT item_id FROM menu_item_option_groups)
            ORDER BY m.id`,
          [site.id],
        )
      ).map((r) => ({ id: Number(r.id), name: r.name }));
      if (!items.length) throw new Error(`no cafe item without options is served at ${site.name}`);
      out.push({ ...site, rush, later, standing, baristas: baristas.map((b) => ({ ...b, siteId: site.id })), items });
    }
    // Every third person of the rush, and every standing-order person, is told through Slack.
    const slackPeople = out.flatMap((s) => [...s.rush.filter((_, i) => i % 3 === 0), ...s.standing]);
    const now = new Date().toISOString();
    slackPeople.forEach((p, i) => (p.slackUserId = `U${String(i + 1).padStart(8, '0')}`));
    await db.insertRows(
      'chat_links',
      ['channel', 'external_id', 'workspace_id', 'user_id', 'display_name', 'linked_by', 'created_at', 'revoked_at'],
      slackPeople.map((p) => ['slack', p.slackUserId, SLACK_TEAM, p.id, p.slackUserId, 'email', now, null]),
    );
    await db.insertRows(
      'notification_preferences',
      ['user_id', 'language', 'push', 'slack', 'email', 'webhook', 'updated_at'],
      slackPeople.map((p) => [p.id, 'en', 0, 1, 0, 0, now]),
    );
    return { sites: out, slackPeople: slackPeople.map(({ id, email, slackUserId }) => ({ id, email, slackUserId })) };
  } finally {
    await db.close();
  }
}

/**
 * With both processes running at SETUP_AT: everyone signed in (tokens that outlive the week), a
 * pickup screen link per site, and the standing orders: each standing-order person first orders
 * once and cancels (the tumbler photo a standing order's day is placed with), then sets theirs.
 */
export async function prepareWeek(world, bases) {
  const apis = bases.map((b) => client(b));
  for (const site of world.sites) {
    const everyone = [...site.rush, ...site.later, ...site.standing, ...site.baristas];
    everyone.forEach((a, i) => (a.process = i % 2));
    await mapLimit(everyone, 8, async (a) => {
      a.token = await apis[a.process].login(a.email);
    });
    const display = await apis[0].call('POST', `/sites/${site.id}/displays`, {
      token: site.baristas[0].token,
      body: { label: 'Pickup TV' },
    });
    site.displayToken = display.json.token;
    const tumbler = await apis[0].uploadTumbler(site.standing[0].token);
    await mapLimit(site.standing, 4, async (p, i) => {
      const item = site.items[i % site.items.length];
      const api = apis[p.process];
      const placed = await api.placeOrder(p.token, { ...api.orderBody(item, tumbler), siteId: site.id });
      await api.ownerUpdate(p.token, placed.json.id, 'cancel');
      const made = await api.call('POST', '/standing-orders', {
        token: p.token,
        headers: { 'idempotency-key': idempotencyKey() },
        body: {
          siteId: site.id,
          drink: { menu_id: item.id, type: 'hot', sweetness: 50, remark: '-' },
          weekdays: [1, 2, 3, 4, 5],
          time: STANDING_TIME,
        },
      });
      p.standingOrderId = made.json.id;
    });
  }
}
