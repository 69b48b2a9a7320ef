import {
  peopleText,
  dashIfEmpty,
  inferCategoryKind,
  parseDietTags,
  sortDietTags,
  type DietTag,
  type Category,
  type CategoryCreateBody,
  type CategoryFor,
  type CategoryKind,
  type CategoryPatchBody,
  type IsAvailable,
  type Menu,
  type MenuCreateBody,
  type MenuEvent,
  type MenuAtSite,
  type MenuPatchBody,
  type SiteMenuPatchBody,
} from '@cafe/shared';
import type { Updateable } from 'kysely';
import type { AppBase, AuthUser } from '../../context';
import { changeMenu } from '../../lib/domain-events';
import type { OptionsService } from '../options/options.service';
import type { CategoriesTable, Db, MenuItemsTable, SiteMenuItemsTable } from '../../db/types';
import { createMemoryCache } from '../../lib/cache';
import { cachedAnswer, type CachedAnswer } from '../../lib/cached-answer';
import { badRequest, notFound } from '../../lib/errors';
import { iso } from '../../lib/time';
import { toCategory, toMenu, toMenuAtSite } from './menu.mapper';
import * as repo from './menu.repository';

const categoryNotFound = (id: number) => notFound(`Category ${id}`, peopleText('people.notFound.category', { id }));
const menuNotFound = (id: number) => notFound(`Menu ${id}`, peopleText('people.notFound.menu', { id }));

/** A menu item as placing an order sees it. */
export interface OrderableItem {
  id: number;
  name: string;
  venue: CategoryFor;
  orderable: boolean;
  category: { id: number; name: string; kind: CategoryKind };
  /** Its allergen and diet tags (the order records what of them its owner avoids). */
  tags: DietTag[];
}

/** An item is on the menus while neither it nor its category is deleted: an item of a deleted category is gone too. */
const isListed = (row: { is_available: IsAvailable; category_is_available: IsAvailable }) =>
  row.is_available === 'available' && row.category_is_available === 'available';

/** What the audit log keeps of a category, an item, and an item at a site (docs/api.md, "Audit log"). */
const auditedCategory = (row: repo.CategoryRow) => ({
  name: row.name,
  categoryFor: row.category_for,
  kind: row.kind,
  isAvailable: row.is_available,
});
const auditedItem = (row: repo.MenuItemRow) => ({
  name: row.name,
  description: row.description,
  categoryId: row.category_id,
  isActive: row.is_active,
  isAvailable: row.is_available,
  tags: parseDietTags(row.tags),
});
const auditedSiteItem = (row: repo.SiteMenuRow) => ({
  available: row.available === 1,
  soldOut: row.sold_out === 1,
  soldOutUntil: row.sold_out_until,
});

/** Names may not start with a space (the shared rule); a trailing one is noise and is dropped. */
const cleanName = (name: string) => name.trimEnd();

/**
 * Categories and menu items. Delete is soft (isAvailable "unavailable") and rows are never removed,
 * so past orders keep pointing at their item. Reading lists only available categories, and items
 * only through an available category: deleting a category hides its items with it.
 */
export function createMenuService(ctx: AppBase, deps: { options: Pick<OptionsService, 'menuGroups'> }) {
  // A new site serves every item of the catalogue (in the site's transaction).
  ctx.domainEvents.within('site.created', (trx, { siteId }) => repo.addEveryItemToSite(trx, siteId));

  /**
   * GET /category answers by site and venue ('all' for both), made once per change of the menu or
   * of a site's menu. A sold-out that ends by itself shows as over within a minute of its end.
   */
  const categoryAnswers = createMemoryCache<string, CachedAnswer>({
    topic: 'menu',
    bus: ctx.bus,
    // Made from the options too: their groups, and their sold-out at each site.
    alsoDroppedBy: ['site-menu', 'options', 'site-options'],
    ttlMs: 60_000,
  });
  /** Each site's rows of the menu (served, sold out), by item: read on every order at the site. */
  const siteMenus = createMemoryCache<number, Map<number, repo.SiteMenuRow>>({
    topic: 'site-menu',
    bus: ctx.bus,
    ttlMs: 60_000,
  });
  const siteMenu = (siteId: number) =>
    siteMenus.get(siteId, async () => new Map((await repo.listSiteMenu(ctx.db, siteId)).map((r) => [r.item_id, r])));
  /** What placing an order needs of an item, by id (null: no such item), read on every order. */
  const itemsForOrder = createMemoryCache<number, OrderableItem | null>({
    topic: 'menu-items',
    bus: ctx.bus,
    ttlMs: 60_000,
  });
  const emit = (event: MenuEvent) => {
    categoryAnswers.invalidate();
    itemsForOrder.invalidate();
    ctx.events.menu(event);
  };

  async function categoryWithMenu(db: Db, row: repo.CategoryRow): Promise<Category> {
    return toCategory(row, await repo.listAvailableItemsOf(db, [row.id]));
  }

  /** A category that exists and is available (what reading, creating and moving into need), or 404. */
  async function requireAvailableCategory(db: Db, id: number): Promise<repo.CategoryRow> {
    const category = await repo.findCategory(db, id);
    if (!category || category.is_available !== 'available') throw categoryNotFound(id);
    return category;
  }

  /** A menu item as stored, available or not, or 404. */
  async function requireItem(db: Db, id: number): Promise<repo.MenuItemRow> {
    const item = await repo.findItem(db, id);
    if (!item) throw menuNotFound(id);
    return item;
  }

  async function saveCategory(
    user: AuthUser,
    id: number,
    changes: Updateable<CategoriesTable>,
  ): Promise<repo.CategoryRow> {
    if (Object.keys(changes).length === 0) {
      const current = await repo.findCategory(ctx.db, id);
      if (!current) throw categoryNotFound(id);
      return current;
    }
    const row = await changeMenu(ctx, null, async (trx, note) => {
      const before = await repo.findCategory(trx, id);
      const after = before && (await repo.updateCategory(trx, id, { ...changes, updated_at: iso(ctx.clock.now()) }));
      if (!before || !after) throw categoryNotFound(id);
      note({
        onlyChanged: true,
        actor: user,
        action: 'menu.category.update',
        target: { type: 'category', id },
        before: auditedCategory(before),
        after: auditedCategory(after),
      });
      return after;
    });
    emit({ kind: 'category', id: row.id });
    return row;
  }

  async function listCategories(categoryFor: CategoryFor | undefined, siteId: number): Promise<Category[]> {
    const [rows, now] = [await siteMenu(siteId), ctx.clock.now()];
    const atSite = (item: repo.MenuItemRow) => toMenuAtSite(siteId, rows.get(item.id), now);
    const categories = await repo.listAvailableCategories(ctx.db, categoryFor);
    const items = await repo.listAvailableItemsOf(
      ctx.db,
      categories.map((c) => c.id),
    );
    const byCategory = new Map<number, repo.MenuItemRow[]>();
    for (const item of items) {
      const list = byCategory.get(item.category_id);
      if (list) list.push(item);
      else byCategory.set(item.category_id, [item]);
    }
    const optionGroups = await deps.options.menuGroups(
      siteId,
      items.map((item) => item.id),
    );
    return categories.map((c) => toCategory(c, byCategory.get(c.id) ?? [], atSite, optionGroups));
  }

  return {
    listCategories,

    /** GET /category of a site as JSON text with its ETag, from memory while the menu is unchanged. */
    categoriesAnswer(categoryFor: CategoryFor | undefined, siteId: number): Promise<CachedAnswer> {
      return cachedAnswer(categoryAnswers, `${siteId}:${categoryFor ?? 'all'}`, () =>
        listCategories(categoryFor, siteId),
      );
    },

    /** The item at a site now, for the placement decision: whether the site serves it, and its sold-out. */
    async atSiteNow(
      siteId: number,
      item: OrderableItem,
    ): Promise<{ served: boolean; soldOut: { until: string | null } | null }> {
      const atSite = toMenuAtSite(siteId, (await siteMenu(siteId)).get(item.id), ctx.clock.now());
      return { served: atSite.available, soldOut: atSite.soldOut ? { until: atSite.soldOutUntil } : null };
    },

    /** GET /sites/{siteId}/menu: every item of the catalogue at the site. */
    async atSite(siteId: number): Promise<(MenuAtSite & { menuId: number })[]> {
      const [rows, now] = [await siteMenu(siteId), ctx.clock.now()];
      return [...rows.values()]
        .sort((a, b) => a.item_id - b.item_id)
        .map((r) => ({ ...toMenuAtSite(siteId, r, now), menuId: r.item_id }));
    },

    /**
     * PATCH /sites/{siteId}/menu/{menuId}: whether the site serves the item, and its sold-out;
     * the site's people get `menu` at once.
     */
    async setAtSite(user: AuthUser, siteId: number, menuId: number, body: SiteMenuPatchBody): Promise<MenuAtSite> {
      const changes: Updateable<SiteMenuItemsTable> = { updated_by: user.id, updated_at: iso(ctx.clock.now()) };
      if (body.available !== undefined) changes.available = body.available ? 1 : 0;
      if (body.soldOut !== undefined) {
        changes.sold_out = body.soldOut ? 1 : 0;
        changes.sold_out_until = body.soldOut && body.soldOutUntil ? new Date(body.soldOutUntil).toISOString() : null;
        if (changes.sold_out_until && Date.parse(changes.sold_out_until) <= ctx.clock.now().getTime()) {
          throw badRequest('soldOutUntil: must be in the future');
        }
      }
      await changeMenu(ctx, siteId, async (trx, note) => {
        const before = await repo.findSiteMenuItem(trx, siteId, menuId);
        if (!before || !(await repo.updateSiteMenuItem(trx, siteId, menuId, changes))) throw menuNotFound(menuId);
        const after = await repo.findSiteMenuItem(trx, siteId, menuId);
        if (after) {
          note({
            onlyChanged: true,
            actor: user,
            action: 'menu.site-item',
            target: { type: 'menu-item', id: menuId },
            siteId,
            before: auditedSiteItem(before),
            after: auditedSiteItem(after),
          });
        }
      });
      siteMenus.invalidate(siteId);
      ctx.events.menu({ kind: 'menu', id: menuId }, siteId);
      return toMenuAtSite(siteId, (await siteMenu(siteId)).get(menuId), ctx.clock.now());
    },

    async getCategory(id: number): Promise<Category> {
      return categoryWithMenu(ctx.db, await requireAvailableCategory(ctx.db, id));
    },

    async getMenu(id: number): Promise<Menu> {
      const row = await repo.findItemWithCategory(ctx.db, id);
      if (!row || !isListed(row)) throw menuNotFound(id);
      return toMenu(row);
    },

    /**
     * What ordering needs to know of an item: its venue, whether it can be ordered at all (active,
     * not deleted, its category not deleted), and the names an order shows. Undefined when it never
     * existed. From memory while the menu is unchanged.
     */
    async findForOrder(id: number): Promise<OrderableItem | undefined> {
      const item = await itemsForOrder.get(id, async () => {
        const row = await repo.findItemWithCategory(ctx.db, id);
        if (!row) return null;
        return {
          id: row.id,
          name: row.name,
          venue: row.category_for,
          orderable: isListed(row) && row.is_active === 'active',
          category: { id: row.category_id, name: row.category_name, kind: row.category_kind },
          tags: parseDietTags(row.tags),
        };
      });
      return item ?? undefined;
    },

    async createCategory(user: AuthUser, body: CategoryCreateBody): Promise<Category> {
      const now = iso(ctx.clock.now());
      const name = cleanName(body.name);
      const row = await changeMenu(ctx, null, async (trx, note) => {
        const category = await repo.insertCategory(trx, {
          name,
          category_for: body.categoryFor,
          // A client that predates kinds sends none: filed by its name, as migration 015 filed the old ones.
          kind: body.kind ?? inferCategoryKind(name),
          is_available: 'available',
          // New categories go last; the order of existing ones stays as it was.
          sort_order: await repo.nextCategorySortOrder(trx),
          created_at: now,
          updated_at: now,
        });
        note({
          actor: user,
          action: 'menu.category.create',
          target: { type: 'category', id: category.id },
          after: auditedCategory(category),
        });
        return category;
      });
      emit({ kind: 'category', id: row.id });
      return toCategory(row, []);
    },

    async updateCategory(user: AuthUser, id: number, body: CategoryPatchBody): Promise<Category> {
      const changes: Updateable<CategoriesTable> = {};
      if (body.name !== undefined) changes.name = cleanName(body.name);
      if (body.categoryFor !== undefined) changes.category_for = body.categoryFor;
      if (body.kind !== undefined) changes.kind = body.kind;
      if (body.isAvailable !== undefined) changes.is_available = body.isAvailable;
      const row = await saveCategory(user, id, changes);
      return categoryWithMenu(ctx.db, row);
    },

    /** Soft delete; the answer is the category as it now is, isAvailable "unavailable". */
    async deleteCategory(user: AuthUser, id: number): Promise<Category> {
      const row = await saveCategory(user, id, { is_available: 'unavailable' });
      return categoryWithMenu(ctx.db, row);
    },

    async createMenu(user: AuthUser, body: MenuCreateBody): Promise<Menu> {
      const now = iso(ctx.clock.now());
      const row = await changeMenu(ctx, null, async (trx, note) => {
        await requireAvailableCategory(trx, body.category_id);
        const item = await repo.insertItem(trx, {
          category_id: body.category_id,
          name: cleanName(body.name),
          description: dashIfEmpty(body.description),
          is_active: 'active',
          is_available: 'available',
          tags: JSON.stringify(sortDietTags(body.tags ?? [])),
          created_at: now,
          updated_at: now,
        });
        await repo.addItemToEverySite(trx, item.id);
        note({
          actor: user,
          action: 'menu.item.create',
          target: { type: 'menu-item', id: item.id },
          after: auditedItem(item),
        });
        return item;
      });
      siteMenus.invalidate();
      emit({ kind: 'menu', id: row.id });
      return toMenu(row);
    },

    async updateMenu(user: AuthUser, id: number, body: MenuPatchBody): Promise<Menu> {
      const changes: Updateable<MenuItemsTable> = {};
      if (body.name !== undefined) changes.name = cleanName(body.name);
      if (body.description !== undefined) changes.description = dashIfEmpty(body.description);
      if (body.isActive !== undefined) changes.is_active = body.isActive;
      if (body.isAvailable !== undefined) changes.is_available = body.isAvailable;
      if (body.tags !== undefined) changes.tags = JSON.stringify(sortDietTags(body.tags));
      const moveTo = body.category_id;
      const row = await changeMenu(ctx, null, async (trx, note) => {
        const current = await requireItem(trx, id);
        if (moveTo !== undefined && moveTo !== current.category_id) {
          await requireAvailableCategory(trx, moveTo);
          changes.category_id = moveTo;
        }
        if (Object.keys(changes).length === 0) return null;
        changes.updated_at = iso(ctx.clock.now());
        const updated = await repo.updateItem(trx, id, changes);
        if (updated) {
          note({
            onlyChanged: true,
            actor: user,
            action: 'menu.item.update',
            target: { type: 'menu-item', id },
            before: auditedItem(current),
            after: auditedItem(updated),
          });
        }
        return updated ?? null;
      });
      if (!row) {
        // Nothing to change: answer with the item as it is, and tell nobody.
        return toMenu(await requireItem(ctx.db, id));
      }
      emit({ kind: 'menu', id: row.id });
      return toMenu(row);
    },
  };
}

export type MenuService = ReturnType<typeof createMenuService>;
