import type { Insertable, Selectable } from 'kysely';
import type {
  Db,
  MenuItemOptionGroupsTable,
  OptionChoicesTable,
  OptionGroupsTable,
  OrderOptionsTable,
  SiteOptionChoicesTable,
} from '../../db/types';

export type GroupRow = Selectable<OptionGroupsTable>;
export type ChoiceRow = Selectable<OptionChoicesTable>;
export type ItemGroupRow = Selectable<MenuItemOptionGroupsTable>;
export type SiteChoiceRow = Selectable<SiteOptionChoicesTable>;

/** The catalogue of options: groups and choices still offered, and which items carry which group. */
export interface OptionCatalogueRows {
  groups: GroupRow[];
  choices: ChoiceRow[];
  attachments: ItemGroupRow[];
}

export async function loadCatalogue(db: Db): Promise<OptionCatalogueRows> {
  const [groups, choices, attachments] = await Promise.all([
    db.selectFrom('option_groups').selectAll().where('retired_at', 'is', null).orderBy('id').execute(),
    db
      .selectFrom('option_choices')
      .selectAll()
      .where('retired_at', 'is', null)
      .orderBy('group_id')
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db.selectFrom('menu_item_option_groups').selectAll().orderBy('item_id').orderBy('sort_order').execute(),
  ]);
  return { groups, choices, attachments };
}

export async function listSiteChoices(db: Db, siteId: number): Promise<SiteChoiceRow[]> {
  return db.selectFrom('site_option_choices').selectAll().where('site_id', '=', siteId).execute();
}

export async function findGroup(db: Db, id: number): Promise<GroupRow | undefined> {
  return db
    .selectFrom('option_groups')
    .selectAll()
    .where('id', '=', id)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
}

/** A group's live choices, in order. */
export async function listLiveChoices(db: Db, groupId: number): Promise<ChoiceRow[]> {
  return db
    .selectFrom('option_choices')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('retired_at', 'is', null)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** The groups an item carries, in order. */
export async function listItemGroups(db: Db, itemId: number): Promise<ItemGroupRow[]> {
  return db
    .selectFrom('menu_item_option_groups')
    .selectAll()
    .where('item_id', '=', itemId)
    .orderBy('sort_order')
    .execute();
}

/** A choice's sold-out at a site (undefined: never set there). */
export async function findSiteChoice(db: Db, siteId: number, choiceId: number): Promise<SiteChoiceRow | undefined> {
  return db
    .selectFrom('site_option_choices')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('choice_id', '=', choiceId)
    .executeTakeFirst();
}

export async function findChoice(db: Db, id: number): Promise<ChoiceRow | undefined> {
  return db
    .selectFrom('option_choices')
    .selectAll()
    .where('id', '=', id)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
}

/** Another live group of this name (in any case). */
export async function groupNamed(db: Db, name: string, except?: number): Promise<GroupRow | undefined> {
  let query = db
    .selectFrom('option_groups')
    .selectAll()
    .where('retired_at', 'is', null)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (except !== undefined) query = query.where('id', '!=', except);
  return query.executeTakeFirst();
}

export async function insertGroup(db: Db, row: Insertable<OptionGroupsTable>): Promise<number> {
  const inserted = await db.insertInto('option_groups').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function insertChoice(db: Db, row: Insertable<OptionChoicesTable>): Promise<number> {
  const inserted = await db.insertInto('option_choices').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function upsertSiteChoice(db: Db, row: Insertable<SiteOptionChoicesTable>): Promise<void> {
  await db
    .insertInto('site_option_choices')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['site_id', 'choice_id']).doUpdateSet({
        sold_out: row.sold_out,
        sold_out_until: row.sold_out_until ?? null,
        updated_by: row.updated_by ?? null,
        updated_at: row.updated_at ?? null,
      }),
    )
    .execute();
}

export async function insertOrderOptions(db: Db, rows: Insertable<OrderOptionsTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('order_options').values(rows).execute();
}
