import { isFridayCafeCutoff, type CategoryFor, type CategoryKind, type Role } from '@cafe/shared';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Config } from '../config';
import type { Clock } from '../lib/clock';
import { hashPassword, verifyPassword } from '../lib/password';
import { iso } from '../lib/time';
import { SYSTEM_ACCOUNT } from './system-account';
import type { Database } from './types';

export function DEMO_ACCOUNTS(domain: string) {
  return [
    { role: 'admin', name: 'Ada Admin', email: `admin@${domain}`, password: 'admin-demo-1' },
    { role: 'barista', name: 'Bea Barista', email: `barista@${domain}`, password: 'barista-demo-1' },
    { role: 'user', name: 'Uma User', email: `user@${domain}`, password: 'user-demo-1' },
  ] as const;
}

/**
 * The demo accounts in this database that still have their published password (docs: README), by
 * e-mail (enabled ones: a disabled account cannot sign in). Production refuses to start while there
 * are any.
 */
export async function demoAccountsWithPublishedPasswords(db: Kysely<Database>, domain: string): Promise<string[]> {
  const accounts = DEMO_ACCOUNTS(domain);
  const rows = await db
    .selectFrom('users')
    .select(['email', 'password_hash'])
    .where(
      'email',
      'in',
      accounts.map((a) => a.email),
    )
    // A disabled account cannot sign in, whatever its password.
    .where('is_available', '=', 'available')
    .execute();
  const found: string[] = [];
  for (const row of rows) {
    const account = accounts.find((a) => a.email === row.email);
    if (account && (await verifyPassword(row.password_hash, account.password))) found.push(row.email);
  }
  return found;
}

/** The demo categories, each with the kind the board's Coffee / Tea filter follows. */
const DEMO_MENU: { name: string; categoryFor: CategoryFor; kind: CategoryKind; items: [string, string][] }[] = [
  {
    name: 'Coffee',
    categoryFor: 'cafe',
    kind: 'coffee',
    items: [
      ['Espresso', 'Double shot, dark roast'],
      ['Americano', 'Espresso and hot water'],
      ['Latte', 'Espresso with steamed milk'],
      ['Cappuccino', 'Espresso, milk and thick foam'],
      ['Mocha', 'Espresso, chocolate and milk'],
      ['Caramel Macchiato', 'Vanilla, milk, espresso and caramel'],
    ],
  },
  {
    name: 'Tea',
    categoryFor: 'cafe',
    kind: 'tea',
    items: [
      ['Thai Tea', 'Sweet Thai tea with milk'],
      ['Green Tea Latte', 'Matcha with milk'],
      ['Lemon Tea', 'Black tea with fresh lemon'],
      ['Jasmine Tea', 'Light floral tea'],
    ],
  },
  {
    name: 'Other',
    categoryFor: 'cafe',
    kind: 'other',
    items: [
      ['Cocoa', 'Rich chocolate drink'],
      ['Pink Milk', 'Sala syrup with milk'],
      ['Honey Lemon Soda', 'Sparkling honey and lemon'],
    ],
  },
  {
    name: 'Cocktails',
    categoryFor: 'bar',
    kind: 'other',
    items: [
      ['Mojito', 'Rum, lime, mint and soda'],
      ['Margarita', 'Tequila, lime and orange liqueur'],
      ['Gin Tonic', 'Gin with tonic and lime'],
    ],
  },
  {
    name: 'Beer',
    categoryFor: 'bar',
    kind: 'other',
    items: [
      ['Lager', 'Cold draught lager'],
      ['Craft IPA', 'Hoppy pale ale'],
    ],
  },
];

/**
 * Several processes may start together on one empty PostgreSQL database: each seeding step is
 * either a single insert that yields to a row already there (ON CONFLICT DO NOTHING) or, for the
 * demo data, runs under this transaction-scoped advisory lock and looks again once it holds it.
 */
const SEED_LOCK_KEY = 0x0cafe5eed;

async function upsertAccount(
  db: Kysely<Database>,
  clock: Clock,
  account: { name: string; email: string; password: string; role: Role },
): Promise<void> {
  const email = account.email.trim().toLowerCase();
  const existing = await db.selectFrom('users').select(['id']).where('email', '=', email).executeTakeFirst();
  if (existing) return;
  const now = iso(clock.now());
  await db
    .insertInto('users')
    .values({
      name: account.name,
      email,
      password_hash: await hashPassword(account.password),
      role: account.role,
      is_available: 'available',
      push_status: 'ACTIVE',
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
}

/** ADMIN_EMAIL/ADMIN_PASSWORD: make sure this admin exists (an existing account is promoted). */
export async function ensureAdmin(db: Kysely<Database>, clock: Clock, email: string, password: string): Promise<void> {
  await upsertAccount(db, clock, { name: 'Admin', email, password, role: 'admin' });
  await db
    .updateTable('users')
    .set({ role: 'admin', updated_at: iso(clock.now()) })
    .where('email', '=', email.trim().toLowerCase())
    .execute();
}

/**
 * Seeds the demo data (one account per role and a realistic menu) into an empty database, and
 * opens the venue a drink can be ordered from now: the cafe, or on a Friday from 12:00 (the cafe
 * menu is closed then) the bar. The venue it opened; null when the database had data already.
 */
export async function seedDemo(db: Kysely<Database>, clock: Clock, config: Config): Promise<'cafe' | 'bar' | null> {
  return db.transaction().execute(async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    }
    return seedDemoOnce(trx, clock, config);
  });
}

async function seedDemoOnce(db: Kysely<Database>, clock: Clock, config: Config): Promise<'cafe' | 'bar' | null> {
  const anyCategory = await db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
  // The opening hours' own account (migration 008) is in every database; it is not a person.
  const anyUser = await db
    .selectFrom('users')
    .select('id')
    .where('email', '!=', SYSTEM_ACCOUNT.email)
    .limit(1)
    .executeTakeFirst();
  if (anyCategory || anyUser) return null;
  for (const account of DEMO_ACCOUNTS(config.companyEmailDomain)) await upsertAccount(db, clock, account);
  const now = iso(clock.now());
  let order = 0;
  for (const category of DEMO_MENU) {
    const inserted = await db
      .insertInto('categories')
      .values({
        name: category.name,
        category_for: category.categoryFor,
        kind: category.kind,
        is_available: 'available',
        sort_order: order++,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('menu_items')
      .values(
        category.items.map(([name, description]) => ({
          category_id: inserted.id,
          name,
          description,
          is_active: 'active' as const,
          is_available: 'available' as const,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
  // Every site serves the demo menu (migration 010 wrote the rows of the items there were then).
  await sql`insert into site_menu_items (site_id, item_id, available, sold_out)
    select s.id, m.id, 1, 0 from sites s cross join menu_items m`.execute(db);
  // The demo barista works at the first site (migration 009 made it), where everyone orders.
  const site = await db
    .selectFrom('sites')
    .select(['id', 'time_zone'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const barista = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', `barista@${config.companyEmailDomain}`)
    .executeTakeFirstOrThrow();
  await db.insertInto('site_baristas').values({ site_id: site.id, user_id: barista.id }).execute();
  await db.updateTable('users').set({ home_site_id: site.id }).where('email', '!=', SYSTEM_ACCOUNT.email).execute();
  // The demo opens a venue so the ordering journey can be tried straight away: as the demo
  // barista would, so the opening hours leave it open until their next opening or closing time.
  // The cafe; on a Friday afternoon, when the cafe menu is closed, the bar (which a demo lets
  // people order from online: config.ts).
  const venue = isFridayCafeCutoff(clock.now(), site.time_zone) ? 'bar' : 'cafe';
  await db
    .updateTable('sites')
    .set({
      is_cafe_open: venue === 'cafe' ? 1 : 0,
      is_bar_open: venue === 'bar' ? 1 : 0,
      status_updated_by: barista.id,
      status_updated_at: now,
    })
    .where('id', '=', site.id)
    .execute();
  return venue;
}
