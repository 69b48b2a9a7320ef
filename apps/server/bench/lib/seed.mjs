// Data put straight into the database while the server is stopped: many accounts (signing up a
// thousand people through argon2 would take minutes) and a year of orders for the dashboards.
import { hash } from '@node-rs/argon2';
import { DEMO } from './api.mjs';
import { TODAY } from './app-server.mjs';
import { rng } from './stats.mjs';

export const BENCH_PASSWORD = 'bench-password-1';

/**
 * One argon2id hash shared by every bench account, with the cheapest parameters argon2 allows: the
 * server verifies a hash with the parameters written in it, so signing in a thousand bench people
 * costs milliseconds, not the ~20 ms each of a real account. (Sign-in speed is not a row here.)
 */
let sharedHash;
export async function benchPasswordHash() {
  sharedHash ??= await hash(BENCH_PASSWORD, { memoryCost: 1024, timeCost: 1, parallelism: 1 });
  return sharedHash;
}

/**
 * The password of the demo person and the hash the server made of it at its first start: argon2id
 * with the parameters of every real account (apps/server/src/lib/password.ts). For the rows that
 * measure the server's memory: the argon2 library keeps the cheap hashes' 1 MB blocks for reuse
 * (about 20 MB after 1,000 sign-ins), while a real account's 19 MB blocks go back at once, so
 * accounts with the cheap hash would count memory no real sign-in leaves behind.
 */
export async function serverMadePassword(db) {
  const [row] = await db.query('SELECT password_hash FROM users WHERE email = ?', [DEMO.user.email]);
  if (!row?.password_hash) throw new Error(`no demo account ${DEMO.user.email} to take a real password hash from`);
  return { hash: row.password_hash, plain: DEMO.user.password };
}

/**
 * Inserts `count` accounts `<prefix>-<i>@example.com` with `role`; returns them with their ids.
 * `password` (from serverMadePassword): their hash and the password to sign in with; by default
 * the cheap bench hash.
 */
export async function insertUsers(db, { prefix, count, role = 'user', password }) {
  if (count <= 0) return [];
  const passwordHash = password?.hash ?? (await benchPasswordHash());
  const now = new Date().toISOString();
  const rows = [];
  for (let i = 0; i < count; i += 1) {
    rows.push([
      `${prefix} ${i}`.slice(0, 20),
      `${prefix}-${i}@example.com`,
      passwordHash,
      role,
      'available',
      'ACTIVE',
      now,
      now,
    ]);
  }
  await db.insertRows(
    'users',
    ['name', 'email', 'password_hash', 'role', 'is_available', 'push_status', 'created_at', 'updated_at'],
    rows,
  );
  const found = await db.query(`SELECT id, email FROM users WHERE email LIKE ? ORDER BY id`, [
    `${prefix}-%@example.com`,
  ]);
  const byEmail = new Map(found.map((r) => [r.email, Number(r.id)]));
  return rows.map(([, email]) => ({
    email,
    id: byEmail.get(email),
    ...(password ? { password: password.plain } : {}),
  }));
}

/** The first site (migration 009's "Head office"): where people without a home site order. */
export async function firstSiteId(db) {
  const [row] = await db.query('SELECT MIN(id) AS id FROM sites');
  return Number(row.id);
}

/**
 * Baristas work at a site: rows of site_baristas as PUT /sites/{id}/baristas writes them, and the
 * site as their home. The server keeps the assignments in memory: seed them while it is stopped.
 */
export async function assignBaristas(db, siteId, baristas) {
  if (baristas.length === 0) return;
  await db.insertRows(
    'site_baristas',
    ['site_id', 'user_id'],
    baristas.map((b) => [siteId, b.id]),
  );
  await setHomeSite(db, siteId, baristas);
}

/** The site these accounts order at (users.home_site_id), as PUT /user/home-site sets it. */
export async function setHomeSite(db, siteId, accounts) {
  for (let i = 0; i < accounts.length; i += 5000) {
    const ids = accounts.slice(i, i + 5000).map((a) => a.id);
    await db.query(`UPDATE users SET home_site_id = ? WHERE id IN (${ids.map(() => '?').join(',')})`, [siteId, ...ids]);
  }
}

export async function menuItems(db) {
  const rows = await db.query(
    `SELECT m.id AS id, m.name AS name, c.category_for AS venue FROM menu_items m JOIN categories c ON c.id = m.category_id
     WHERE m.is_active = 'active' AND m.is_available = 'available' AND c.is_available = 'available' ORDER BY m.id`,
  );
  return {
    cafe: rows.filter((r) => r.venue === 'cafe').map((r) => ({ id: Number(r.id), name: r.name })),
    bar: rows.filter((r) => r.venue === 'bar').map((r) => ({ id: Number(r.id), name: r.name })),
  };
}

function addDays(day, n) {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}
const weekday = (day) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** A cafe-time (UTC+7, Asia/Bangkok has no DST) wall clock on `day` as an ISO instant. */
function bangkok(day, hour, minute, second = 0) {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d, hour - 7, minute, second)).toISOString();
}
const plusMinutes = (isoString, minutes) => new Date(Date.parse(isoString) + minutes * 60_000).toISOString();

/** The working days of the year up to and including TODAY, oldest first. */
export function cafeDays(days = 365) {
  const list = [];
  for (let i = days - 1; i >= 0; i -= 1) {
    const day = addDays(TODAY, -i);
    const wd = weekday(day);
    if (wd >= 1 && wd <= 5) list.push(day);
  }
  return list;
}

// When people order: a morning peak and an after-lunch one (cafe 9:00-16:00).
const CAFE_HOURS = [
  [9, 0.22],
  [10, 0.15],
  [11, 0.1],
  [12, 0.13],
  [13, 0.18],
  [14, 0.12],
  [15, 0.1],
];

function pickWeighted(random, pairs) {
  let x = random();
  for (const [value, weight] of pairs) {
    if ((x -= weight) <= 0) return value;
  }
  return pairs[pairs.length - 1][0];
}

/**
 * Fills the orders table up to `target` orders spread over a year of cafe days (weekday and season
 * vary a little), mostly picked up or done, some cancelled or rejected, 10 % bar orders on Friday
 * evenings; each with its status history, so preparation time has samples. Call it again with a
 * larger target to grow the same data set (`servedCafe`: the served cafe orders seeded so far). Today (a Wednesday, 10:00) gets orders of 9:00-10:00.
 */
export function createOrderSeeder({ users, baristaId, menu, seed = 42 }) {
  const random = rng(seed);
  const days = cafeDays();
  // Day weights: busier early in the week, a little seasonal swing, noise.
  const weights = days.map((day, i) => {
    const wd = weekday(day);
    return (wd === 1 ? 1.15 : wd === 5 ? 0.85 : 1) * (1 + 0.2 * Math.sin(i / 20)) * (0.7 + 0.6 * random());
  });
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const perDayUsed = new Map();
  let count = 0;
  let servedCafe = 0;
  let nextId;

  async function growTo(db, target) {
    const add = target - count;
    if (add <= 0) return { added: 0, servedCafe };
    if (nextId === undefined) {
      const [row] = await db.query('SELECT COALESCE(MAX(id), 0) AS max FROM orders');
      nextId = Number(row.max) + 1;
    }
    // Later migrations may derive columns at placement (005: cafe_hour); fill those we know.
    const orderColumns = await db.columns('orders');
    const withHour = orderColumns.includes('cafe_hour');
    // 006: when each order was taken and finished, and the waits between.
    const withTimes = orderColumns.includes('prep_ms');
    const orders = [];
    const history = [];
    for (let k = 0; k < add; k += 1) {
      // A day in proportion to its weight.
      let x = random() * totalWeight;
      let dayIndex = 0;
      while ((x -= weights[dayIndex]) > 0 && dayIndex < days.length - 1) dayIndex += 1;
      const day = days[dayIndex];
      const isToday = day === TODAY;
      const slot = perDayUsed.get(day) ?? 0;
      perDayUsed.set(day, slot + 1);
      // Round-robin over the people so nobody passes two counted cafe orders a day.
      const user = users[slot % users.length];
      const bar = weekday(day) === 5 && random() < 0.1 * 5 && !isToday;
      const item = bar
        ? menu.bar[Math.floor(random() * menu.bar.length)]
        : menu.cafe[Math.floor(random() * menu.cafe.length)];
      const hour = bar ? 15 + Math.floor(random() * 3) : isToday ? 9 : pickWeighted(random, CAFE_HOURS);
      const placed = bangkok(day, hour, Math.floor(random() * 60), Math.floor(random() * 60));
      const r = random();
      let status;
      if (isToday)
        status = r < 0.25 ? 'ordered' : r < 0.4 ? 'in-progress' : r < 0.7 ? 'done' : r < 0.9 ? 'picked' : 'cancel';
      else status = r < 0.8 ? 'picked' : r < 0.88 ? 'done' : r < 0.94 ? 'cancel' : 'rejected';

      const id = nextId++;
      const steps = [[null, 'ordered', user.id, placed, null]];
      let at = placed;
      if (status === 'cancel')
        steps.push(['ordered', 'cancel', user.id, (at = plusMinutes(at, 1 + random() * 4)), null]);
      else if (status === 'rejected') {
        steps.push(['ordered', 'rejected', baristaId, (at = plusMinutes(at, 1 + random() * 5)), 'Out of milk']);
      } else if (status !== 'ordered') {
        steps.push(['ordered', 'in-progress', baristaId, (at = plusMinutes(at, 1 + random() * 9)), null]);
        if (status === 'done' || status === 'picked') {
          steps.push(['in-progress', 'done', baristaId, (at = plusMinutes(at, 1.5 + random() * 4.5)), null]);
        }
        if (status === 'picked')
          steps.push(['done', 'picked', user.id, (at = plusMinutes(at, 1 + random() * 14)), null]);
      }
      orders.push([
        id,
        user.id,
        item.id,
        bar ? 'bar' : 'cafe',
        day,
        status,
        bar ? null : ['hot', 'cold', 'frappe'][Math.floor(random() * 3)],
        bar ? null : [0, 25, 50, 75, 100][Math.floor(random() * 5)],
        random() < 0.7 ? '-' : 'Less ice please',
        bar ? 'Rum, lime, mint and soda' : '/api/images/bench-tumbler.webp',
        status === 'rejected' ? 'Out of milk' : '',
        placed,
        at,
        ...(withHour ? [hour] : []),
      ]);
      for (const [from, to, by, changedAt, note] of steps) history.push([id, from, to, by, note, changedAt]);
      if (withTimes) {
        const takenAt = steps.find((step) => step[1] === 'in-progress')?.[3] ?? null;
        const doneAt = steps.find((step) => step[1] === 'done')?.[3] ?? null;
        const between = (from, to) => (from && to ? Date.parse(to) - Date.parse(from) : null);
        orders.at(-1).push(takenAt, doneAt, between(placed, takenAt), between(takenAt, doneAt));
      }
    }
    await db.insertRows(
      'orders',
      [
        'id',
        'user_id',
        'menu_id',
        'category_for',
        'cafe_day',
        'status',
        'type',
        'sweetness',
        'remark',
        'tumbler_image',
        'reject_note',
        'order_date',
        'updated_at',
        ...(withHour ? ['cafe_hour'] : []),
        ...(withTimes ? ['taken_at', 'done_at', 'wait_ms', 'prep_ms'] : []),
      ],
      orders,
    );
    await db.insertRows(
      'order_status_history',
      ['order_id', 'from_status', 'to_status', 'changed_by', 'note', 'changed_at'],
      history,
    );
    await db.fixSequence('orders');
    count = target;
    servedCafe += orders.filter((o) => o[3] === 'cafe' && (o[5] === 'done' || o[5] === 'picked')).length;
    return { added: orders.length, servedCafe };
  }

  return { growTo, days };
}
