import type { CategoryFor, Role } from '@cafe/shared';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Clock } from '../lib/clock';
import { hashPassword } from '../lib/password';
import { iso } from '../lib/time';
import type { Database } from './types';

export function DEMO_ACCOUNTS(domain: string) {
  return [
    { role: 'admin', name: 'Ada Admin', email: `admin@${domain}`, password: 'admin-demo-1' },
    { role: 'barista', name: 'Bea Barista', email: `barista@${domain}`, password: 'barista-demo-1' },
    { role: 'user', name: 'Uma User', email: `user@${domain}`, password: 'user-demo-1' },
  ] as const;
}

const DEMO_MENU: { name: string; categoryFor: CategoryFor; items: [string, string][] }[] = [
  {
    name: 'Coffee',
    categoryFor: 'cafe',
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
    items: [
      ['Cocoa', 'Rich chocolate drink'],
      ['Pink Milk', 'Sala syrup with milk'],
      ['Honey Lemon Soda', 'Sparkling honey and lemon'],
    ],
  },
  {
    name: 'Cocktails',
    categoryFor: 'bar',
    items: [
      ['Mojito', 'Rum, lime, mint and soda'],
      ['Margarita', 'Tequila, lime and orange liqueur'],
      ['Gin Tonic', 'Gin with tonic and lime'],
    ],
  },
  {
    name: 'Beer',
    categoryFor: 'bar',
    items: [
      ['Lager', 'Cold draught lager'],
      ['Craft IPA', 'Hoppy pale ale'],
    ],
  },
];

/** The single shop-status row; both venues start closed. */
export async function ensureBaseData(db: Kysely<Database>, clock: Clock): Promise<void> {
  const existing = await db.selectFrom('shop_status').select('id').where('id', '=', 1).executeTakeFirst();
  if (!existing) {
    await db
      .insertInto('shop_status')
      .values({ id: 1, is_cafe_open: 0, is_bar_open: 0, updated_by: null, updated_at: iso(clock.now()) })
      .execute();
  }
}

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

/** Demo data goes only into an empty database: one account per role and a realistic menu. */
export async function seedDemo(db: Kysely<Database>, clock: Clock, config: Config): Promise<void> {
  const anyCategory = await db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyCategory || anyUser) return;
  for (const account of DEMO_ACCOUNTS(config.companyEmailDomain)) await upsertAccount(db, clock, account);
  const now = iso(clock.now());
  let order = 0;
  for (const category of DEMO_MENU) {
    const inserted = await db
      .insertInto('categories')
      .values({
        name: category.name,
        category_for: category.categoryFor,
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
  // The demo opens the cafe so the ordering journey can be tried straight away.
  await db
    .updateTable('shop_status')
    .set({ is_cafe_open: 1, is_bar_open: 0, updated_at: now })
    .where('id', '=', 1)
    .execute();
}
