// The sites of the sites-rush row and who works and lives at them: sites added and opened through
// the API as an admin does (each in a time zone whose clock reads the same cafe day at CLOCK_NOW),
// then, with the server stopped, people given home sites and baristas their sites. Apart from
// sites-rush.mjs, the rush itself, because run.mjs prepares the sites once per engine before it
// starts the processes the rush runs on.
import { client, DEMO } from '../api.mjs';
import { CLOCK_NOW } from '../app-server.mjs';
import { assignBaristas, insertUsers, setHomeSite } from '../seed.mjs';

/**
 * Time zones of the sites after the first (which keeps CAFE_TIMEZONE, Asia/Bangkok by default).
 * At CLOCK_NOW (03:00 UTC on a Wednesday) each reads between 09:00 and 14:00 of the same day: every
 * cafe within its hours, before the Friday cut-off, and one calendar day for the daily limit. The
 * rushing sites (every fourth, from the first) get different offsets.
 */
const ZONES = [
  'Asia/Dhaka',
  'Asia/Manila',
  'Asia/Yangon',
  'Asia/Tokyo',
  'Asia/Jakarta',
  'Asia/Taipei',
  'Australia/Darwin',
  'Australia/Sydney',
  'Asia/Ho_Chi_Minh',
  'Pacific/Guam',
  'Asia/Seoul',
  'Asia/Singapore',
  'Australia/Brisbane',
  'Australia/Perth',
  'Asia/Kuala_Lumpur',
  'Pacific/Noumea',
  'Asia/Thimphu',
  'Asia/Shanghai',
  'Pacific/Port_Moresby',
  'Asia/Hong_Kong',
];

/** The day at a site when the server's clock starts (CLOCK_NOW): the day of its board and its orders. */
export function siteDay(timeZone) {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(CLOCK_NOW),
  );
}

/** Which of `total` sites rush: `count` of them, spread out (the first among them). */
export function rushingIndexes(count, total) {
  return Array.from({ length: Math.min(count, total) }, (_, i) => Math.floor((i * total) / Math.min(count, total)));
}

/**
 * `count` sites of `total` not in `used` (spread out over those left), added to `used`: the sites of
 * the next rush on the same database, whose people have not ordered yet. Null when too few are left.
 */
export function nextRushing(count, total, used) {
  const left = Array.from({ length: total }, (_, i) => i).filter((i) => !used.has(i));
  if (left.length < count) return null;
  const picked = rushingIndexes(count, left.length).map((i) => left[i]);
  for (const i of picked) used.add(i);
  return picked;
}

/**
 * With the server running: sites added as an admin adds them (POST /sites) up to `sizes.sites`,
 * and the cafe of each opened (PATCH /cafe-status/cafe-open?siteId=). Returns the sites by id.
 */
export async function setUpSites({ server, sizes, log }) {
  const api = client(server.base);
  const admin = await api.login(DEMO.admin.email, DEMO.admin.password);
  const list = async () => (await api.call('GET', '/sites', { token: admin })).json;
  const existing = await list();
  log(`  adding ${Math.max(0, sizes.sites - existing.length)} sites to the ${existing.length} there are`);
  for (let i = existing.length; i < sizes.sites; i += 1) {
    const timeZone = ZONES[(i - 1) % ZONES.length];
    await api.call('POST', '/sites', {
      token: admin,
      body: {
        name: `Bench ${i + 1} ${timeZone}`.slice(0, 40),
        latitude: -30 + i * 2.5,
        longitude: 90 + i * 3,
        radiusKm: 1,
        timeZone,
        venues: { cafe: true, bar: true },
      },
    });
  }
  const sites = (await list()).slice(0, sizes.sites);
  for (const site of sites) {
    if (!site.status.isCafeOpen) {
      await api.call('PATCH', `/cafe-status/cafe-open?siteId=${site.id}`, { token: admin });
    }
  }
  return sites.map((s) => ({ id: s.id, name: s.name, timeZone: s.timeZone, day: siteDay(s.timeZone) }));
}

/**
 * With the server stopped: `sizes.sitesPeople` people spread evenly over the sites as their home
 * sites, and `sizes.baristas` baristas working at each site.
 */
export async function seedSitesRush(db, sites, sizes) {
  const out = [];
  for (const [k, site] of sites.entries()) {
    const count = Math.floor(sizes.sitesPeople / sites.length) + (k < sizes.sitesPeople % sites.length ? 1 : 0);
    const people = await insertUsers(db, { prefix: `site${k}p`, count });
    await setHomeSite(db, site.id, people);
    const baristas = await insertUsers(db, { prefix: `site${k}b`, count: sizes.baristas, role: 'barista' });
    await assignBaristas(db, site.id, baristas);
    out.push({ site, people, baristas });
  }
  return out;
}
