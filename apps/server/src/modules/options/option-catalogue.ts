/**
 * The option catalogue's shapes and the pure rules over them: a group with its choices, the whole
 * catalogue as options.service.ts caches it, a group as an item offers it (the item's own minimum,
 * maximum and defaults applied), the audit log's view of a group, and the rules of a group's
 * numbers. Pure, so the catalogue's management and what an order chose (order-options.ts) share
 * them without either depending on the other.
 */
import { parseDietTags, type DietTag, type OptionGroup } from '@cafe/shared';
import { badRequest } from '../../lib/errors';
import type * as repo from './options.repository';

/** A group with its live choices in order. */
export interface GroupEntry {
  row: repo.GroupRow;
  choices: repo.ChoiceRow[];
}

/** Everything the options of the catalogue are, read once per change (a few dozen rows). */
export interface Catalogue {
  groups: Map<number, GroupEntry>;
  /** Each item's groups in order. */
  byItem: Map<number, repo.ItemGroupRow[]>;
}

/** A group as an item offers it: the item's own minimum, maximum and defaults applied. */
export interface EffectiveGroup {
  id: number;
  name: string;
  minChoices: number;
  maxChoices: number;
  maxQuantity: number;
  choices: { id: number; name: string; isDefault: boolean; tags: DietTag[] }[];
}

export function parseIds(json: string | null): number[] | null {
  if (json === null) return null;
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((v): v is number => typeof v === 'number') : null;
  } catch {
    return null;
  }
}

export function effectiveGroup(entry: GroupEntry, attachment: repo.ItemGroupRow): EffectiveGroup {
  const { row, choices } = entry;
  const defaults = parseIds(attachment.default_choice_ids);
  const maxChoices = Math.min(attachment.max_choices ?? row.max_choices, choices.length);
  return {
    id: row.id,
    name: row.name,
    minChoices: Math.min(attachment.min_choices ?? row.min_choices, maxChoices),
    maxChoices,
    maxQuantity: row.max_quantity,
    choices: choices.map((c) => ({
      id: c.id,
      name: c.name,
      isDefault: defaults ? defaults.includes(c.id) : c.is_default === 1,
      tags: parseDietTags(c.tags),
    })),
  };
}

export function toOptionGroup(entry: GroupEntry): OptionGroup {
  return {
    id: entry.row.id,
    name: entry.row.name,
    minChoices: entry.row.min_choices,
    maxChoices: entry.row.max_choices,
    maxQuantity: entry.row.max_quantity,
    choices: entry.choices.map((c) => ({
      id: c.id,
      name: c.name,
      isDefault: c.is_default === 1,
      tags: parseDietTags(c.tags),
    })),
  };
}

/** What the audit log keeps of a group (docs/api.md, "Audit log"). */
export const auditedGroup = (row: repo.GroupRow, choices: readonly repo.ChoiceRow[]) => ({
  name: row.name,
  minChoices: row.min_choices,
  maxChoices: row.max_choices,
  maxQuantity: row.max_quantity,
  choices: choices.map((c) => ({ name: c.name, isDefault: c.is_default === 1, tags: parseDietTags(c.tags) })),
});

/** What the audit log keeps of an item's groups. */
export const auditedItemGroups = (rows: readonly repo.ItemGroupRow[]) => ({
  groups: rows.map((r) => ({
    groupId: r.group_id,
    minChoices: r.min_choices,
    maxChoices: r.max_choices,
    defaultChoiceIds: parseIds(r.default_choice_ids),
  })),
});

export const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The rules of a group's numbers, for a group and for an item's own values (400 naming the field). */
export function checkCounts(min: number, max: number, choices: number, defaults: number): void {
  if (max < 1) throw badRequest('maxChoices: must be at least 1');
  if (min > max) throw badRequest('minChoices: must be at most maxChoices');
  if (max > choices) throw badRequest(`maxChoices: must be at most the number of choices (${choices})`);
  if (defaults > max) throw badRequest(`choices: at most ${max} default${max === 1 ? '' : 's'} (maxChoices)`);
}
