/**
 * Drink options (docs/api.md, "Drink options"): the company's option groups, which items carry
 * them and their sold-out per site, read once per change into a cache every process drops
 * together. Groups and choices are retired, never removed: orders keep the names they were placed
 * with (order_options). What an order chose is order-options.ts, composed here over the same cache.
 */
import {
  peopleText,
  parseDietTags,
  sortDietTags,
  type ItemOptionGroupBody,
  type ItemOptionGroupsBody,
  type MenuOptionChoice,
  type MenuOptionGroup,
  type OptionGroup,
  type OptionGroupBody,
  type SiteChoicePatchBody,
} from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import { changeMenu } from '../../lib/domain-events';
import type { Db } from '../../db/types';
import { createMemoryCache } from '../../lib/cache';
import { badRequest, notFound } from '../../lib/errors';
import { iso } from '../../lib/time';
import { soldOutAt } from '../../lib/sold-out';
import * as repo from './options.repository';
import {
  auditedGroup,
  auditedItemGroups,
  checkCounts,
  effectiveGroup,
  parseIds,
  sameName,
  toOptionGroup,
  type Catalogue,
  type EffectiveGroup,
  type GroupEntry,
} from './option-catalogue';
import { createOrderOptions } from './order-options';

export type { ResolvedOption } from './order-options';

/**
 * What the options need of the menu: that an item exists (404 otherwise). Given by the app, so this
 * module does not depend on the menu, which shows each item's options.
 */
export interface OptionsDeps {
  requireItem: (itemId: number) => Promise<unknown>;
}

export function createOptionsService(ctx: AppBase, deps: OptionsDeps) {
  const catalogues = createMemoryCache<'all', Catalogue>({ topic: 'options', bus: ctx.bus, ttlMs: 60_000 });
  const siteChoices = createMemoryCache<number, Map<number, repo.SiteChoiceRow>>({
    topic: 'site-options',
    bus: ctx.bus,
    ttlMs: 60_000,
  });

  const catalogue = () =>
    catalogues.get('all', async () => {
      const rows = await repo.loadCatalogue(ctx.db);
      const groups = new Map<number, GroupEntry>(rows.groups.map((row) => [row.id, { row, choices: [] }]));
      for (const choice of rows.choices) groups.get(choice.group_id)?.choices.push(choice);
      const byItem = new Map<number, repo.ItemGroupRow[]>();
      for (const a of rows.attachments) {
        if (!groups.has(a.group_id)) continue;
        const list = byItem.get(a.item_id);
        if (list) list.push(a);
        else byItem.set(a.item_id, [a]);
      }
      return { groups, byItem };
    });
  const atSite = (siteId: number) =>
    siteChoices.get(
      siteId,
      async () => new Map((await repo.listSiteChoices(ctx.db, siteId)).map((r) => [r.choice_id, r])),
    );

  /** The menu changed: every process drops what it made from the options, and phones refetch. */
  function changed(groupId: number, siteId?: number): void {
    if (siteId === undefined) catalogues.invalidate();
    else siteChoices.invalidate(siteId);
    ctx.events.menu({ kind: 'option-group', id: groupId }, siteId);
  }

  async function itemGroups(itemId: number): Promise<EffectiveGroup[]> {
    const cat = await catalogue();
    return (cat.byItem.get(itemId) ?? []).flatMap((a) => {
      const entry = cat.groups.get(a.group_id);
      return entry && entry.choices.length > 0 ? [effectiveGroup(entry, a)] : [];
    });
  }

  async function requireGroup(id: number): Promise<GroupEntry> {
    const entry = (await catalogue()).groups.get(id);
    if (entry) return entry;
    // Just made by another process: read it from the database.
    const row = await repo.findGroup(ctx.db, id);
    if (row) catalogues.invalidate();
    const fresh = row && (await catalogue()).groups.get(id);
    if (!fresh) throw notFound(`Option group ${id}`, peopleText('people.notFound.optionGroup', { id }));
    return fresh;
  }

  function checkGroupBody(body: OptionGroupBody): void {
    const names = body.choices.map((c) => c.name);
    const twice = names.find((name, i) => names.findIndex((other) => sameName(other, name)) !== i);
    if (twice !== undefined)
      throw badRequest(
        `choices: "${twice.trim()}" is listed twice`,
        peopleText('people.options.choiceListedTwice', { choice: twice.trim() }),
      );
    checkCounts(body.minChoices, body.maxChoices, body.choices.length, body.choices.filter((c) => c.isDefault).length);
  }

  async function refuseTakenName(db: Db, name: string, except?: number): Promise<void> {
    if (await repo.groupNamed(db, name, except))
      throw badRequest(
        `name: a group named "${name.trim()}" exists`,
        peopleText('people.options.groupNameTaken', { name: name.trim() }),
      );
  }

  /** Writes a group's choices as the body lists them: kept by id, new without, the rest retired. */
  async function writeChoices(trx: Db, groupId: number, existing: repo.ChoiceRow[], body: OptionGroupBody, at: string) {
    const keep = new Set<number>();
    for (const [index, choice] of body.choices.entries()) {
      const values = {
        name: choice.name.trim(),
        sort_order: index,
        is_default: choice.isDefault ? 1 : 0,
        updated_at: at,
        // A kept choice sent without tags keeps its own (clients that predate tags); a new one has none.
        ...(choice.tags === undefined ? {} : { tags: JSON.stringify(sortDietTags(choice.tags)) }),
      };
      if (choice.id !== undefined) {
        if (!existing.some((c) => c.id === choice.id)) {
          throw badRequest(`choices: choice ${choice.id} is not a choice of this group`);
        }
        if (keep.has(choice.id)) throw badRequest(`choices: choice ${choice.id} is listed twice`);
        keep.add(choice.id);
        await trx.updateTable('option_choices').set(values).where('id', '=', choice.id).execute();
      } else {
        await repo.insertChoice(trx, { tags: '[]', ...values, group_id: groupId, created_at: at });
      }
    }
    const retired = existing.filter((c) => !keep.has(c.id)).map((c) => c.id);
    if (retired.length > 0) {
      await trx
        .updateTable('option_choices')
        .set({ retired_at: at, updated_at: at })
        .where('id', 'in', retired)
        .execute();
    }
  }

  return {
    /** GET /option-groups: every group offered, with its choices in order. */
    async list(): Promise<OptionGroup[]> {
      return [...(await catalogue()).groups.values()].map(toOptionGroup);
    },

    async create(user: AuthUser, body: OptionGroupBody): Promise<OptionGroup> {
      checkGroupBody(body);
      const at = iso(ctx.clock.now());
      const id = await changeMenu(ctx, null, async (trx, note) => {
        await refuseTakenName(trx, body.name);
        const groupId = await repo.insertGroup(trx, {
          name: body.name.trim(),
          min_choices: body.minChoices,
          max_choices: body.maxChoices,
          max_quantity: body.maxQuantity ?? 1,
          created_at: at,
          updated_at: at,
        });
        await writeChoices(trx, groupId, [], body, at);
        const row = await repo.findGroup(trx, groupId);
        note({
          actor: user,
          action: 'options.group.create',
          target: { type: 'option-group', id: groupId },
          after: row ? auditedGroup(row, await repo.listLiveChoices(trx, groupId)) : null,
        });
        return groupId;
      });
      changed(id);
      return toOptionGroup(await requireGroup(id));
    },

    /** PUT /option-groups/{id}: the whole group; the items that carry it keep their own values where they still fit. */
    async update(user: AuthUser, id: number, body: OptionGroupBody): Promise<OptionGroup> {
      const entry = await requireGroup(id);
      checkGroupBody(body);
      const at = iso(ctx.clock.now());
      await changeMenu(ctx, null, async (trx, note) => {
        await refuseTakenName(trx, body.name, id);
        const before = await repo.findGroup(trx, id);
        const current = await repo.listLiveChoices(trx, id);
        await trx
          .updateTable('option_groups')
          .set({
            name: body.name.trim(),
            min_choices: body.minChoices,
            max_choices: body.maxChoices,
            max_quantity: body.maxQuantity ?? entry.row.max_quantity,
            updated_at: at,
          })
          .where('id', '=', id)
          .execute();
        await writeChoices(trx, id, current, body, at);
        const after = await repo.findGroup(trx, id);
        if (before && after) {
          note({
            onlyChanged: true,
            actor: user,
            action: 'options.group.update',
            target: { type: 'option-group', id },
            before: auditedGroup(before, current),
            after: auditedGroup(after, await repo.listLiveChoices(trx, id)),
          });
        }
      });
      changed(id);
      return toOptionGroup(await requireGroup(id));
    },

    /** DELETE /option-groups/{id}: retired and taken off every item; orders keep its names. */
    async remove(user: AuthUser, id: number): Promise<void> {
      await requireGroup(id);
      const at = iso(ctx.clock.now());
      await changeMenu(ctx, null, async (trx, note) => {
        await trx.updateTable('option_groups').set({ retired_at: at, updated_at: at }).where('id', '=', id).execute();
        await trx.deleteFrom('menu_item_option_groups').where('group_id', '=', id).execute();
        note({
          actor: user,
          action: 'options.group.retire',
          target: { type: 'option-group', id },
          before: { retired: false },
          after: { retired: true },
        });
      });
      changed(id);
    },

    /** GET /menu/{id}/options: the groups the item carries, in order, with its own values. */
    async forItem(itemId: number): Promise<ItemOptionGroupsBody> {
      await deps.requireItem(itemId);
      const cat = await catalogue();
      return {
        groups: (cat.byItem.get(itemId) ?? []).map((a): ItemOptionGroupBody => {
          const defaults = parseIds(a.default_choice_ids);
          return {
            groupId: a.group_id,
            ...(a.min_choices === null ? {} : { minChoices: a.min_choices }),
            ...(a.max_choices === null ? {} : { maxChoices: a.max_choices }),
            ...(defaults === null ? {} : { defaultChoiceIds: defaults }),
          };
        }),
      };
    },

    /** PUT /menu/{id}/options: the item carries exactly these groups, in this order. */
    async setForItem(user: AuthUser, itemId: number, body: ItemOptionGroupsBody): Promise<ItemOptionGroupsBody> {
      await deps.requireItem(itemId);
      const cat = await catalogue();
      const seen = new Set<number>();
      const rows = body.groups.map((g, index) => {
        const entry = cat.groups.get(g.groupId);
        if (!entry) throw badRequest(`groups: option group ${g.groupId} does not exist`);
        if (seen.has(g.groupId)) throw badRequest(`groups: ${entry.row.name} is listed twice`);
        seen.add(g.groupId);
        const defaults = g.defaultChoiceIds;
        const foreign = defaults?.find((choiceId) => !entry.choices.some((c) => c.id === choiceId));
        if (foreign !== undefined)
          throw badRequest(`defaultChoiceIds: ${foreign} is not a choice of ${entry.row.name}`);
        const min = g.minChoices ?? entry.row.min_choices;
        const max = g.maxChoices ?? entry.row.max_choices;
        const defaultCount = defaults ? new Set(defaults).size : entry.choices.filter((c) => c.is_default === 1).length;
        try {
          checkCounts(min, max, entry.choices.length, defaultCount);
        } catch (error) {
          if (error instanceof Error) throw badRequest(`${entry.row.name}: ${error.message}`);
          throw error;
        }
        return {
          item_id: itemId,
          group_id: g.groupId,
          sort_order: index,
          min_choices: g.minChoices ?? null,
          max_choices: g.maxChoices ?? null,
          default_choice_ids: defaults ? JSON.stringify([...new Set(defaults)]) : null,
        };
      });
      await changeMenu(ctx, null, async (trx, note) => {
        const before = auditedItemGroups(await repo.listItemGroups(trx, itemId));
        await trx.deleteFrom('menu_item_option_groups').where('item_id', '=', itemId).execute();
        if (rows.length > 0) await trx.insertInto('menu_item_option_groups').values(rows).execute();
        note({
          actor: user,
          action: 'menu.item.options',
          target: { type: 'menu-item', id: itemId },
          before,
          after: auditedItemGroups(await repo.listItemGroups(trx, itemId)),
        });
      });
      catalogues.invalidate();
      ctx.events.menu({ kind: 'menu', id: itemId });
      return this.forItem(itemId);
    },

    /** PATCH /sites/{siteId}/option-choices/{choiceId}: sold out at the site or not; its people get `menu`. */
    async setAtSite(
      user: AuthUser,
      siteId: number,
      choiceId: number,
      body: SiteChoicePatchBody,
    ): Promise<MenuOptionChoice> {
      const choice = await repo.findChoice(ctx.db, choiceId);
      if (!choice)
        throw notFound(`Option choice ${choiceId}`, peopleText('people.notFound.optionChoice', { id: choiceId }));
      const now = ctx.clock.now();
      const until = body.soldOut && body.soldOutUntil ? new Date(body.soldOutUntil).toISOString() : null;
      if (until && Date.parse(until) <= now.getTime()) throw badRequest('soldOutUntil: must be in the future');
      await changeMenu(ctx, siteId, async (trx, note) => {
        const before = await repo.findSiteChoice(trx, siteId, choiceId);
        await repo.upsertSiteChoice(trx, {
          site_id: siteId,
          choice_id: choiceId,
          sold_out: body.soldOut ? 1 : 0,
          sold_out_until: until,
          updated_by: user.id,
          updated_at: iso(now),
        });
        note({
          onlyChanged: true,
          actor: user,
          action: 'options.site-choice',
          target: { type: 'option-choice', id: choiceId },
          siteId,
          before: { soldOut: before?.sold_out === 1, soldOutUntil: before?.sold_out_until ?? null },
          after: { soldOut: body.soldOut, soldOutUntil: until },
        });
      });
      changed(choice.group_id, siteId);
      const entry = (await catalogue()).groups.get(choice.group_id);
      const state = soldOutAt((await atSite(siteId)).get(choiceId), ctx.clock.now());
      return {
        id: choice.id,
        name: choice.name,
        isDefault: choice.is_default === 1 && Boolean(entry),
        tags: parseDietTags(choice.tags),
        ...state,
      };
    },

    /** The menu lists' `optionGroups` of these items at a site (items without groups are left out). */
    async menuGroups(siteId: number, itemIds: readonly number[]): Promise<Map<number, MenuOptionGroup[]>> {
      const now = ctx.clock.now();
      const states = await atSite(siteId);
      const result = new Map<number, MenuOptionGroup[]>();
      for (const itemId of itemIds) {
        const groups = await itemGroups(itemId);
        if (groups.length === 0) continue;
        result.set(
          itemId,
          groups.map((g) => ({
            ...g,
            choices: g.choices.map((c) => ({ ...c, ...soldOutAt(states.get(c.id), now) })),
          })),
        );
      }
      return result;
    },

    ...createOrderOptions(ctx, { itemGroups, atSite }),
  };
}

export type OptionsService = ReturnType<typeof createOptionsService>;
