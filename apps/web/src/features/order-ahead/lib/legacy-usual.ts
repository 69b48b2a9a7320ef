import { DrinkTypeSchema, OrderOptionSchema, SweetnessSchema, drinkOfOrder, type DrinkChoice } from '@cafe/shared';
import { z } from 'zod';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { readStored } from './stored';

/*
 * The usual as the web kept it before it moved to the server (localStorage `favOrder`, the
 * specification's key): read once after the upgrade, offered to its owner to keep, then removed
 * (decision 0067). Nothing writes it any more.
 */

/** What was kept under favOrder: the drink's fields as last ordered. */
const LegacyUsualSchema = z.object({
  menu_id: z.number().int(),
  menu_name: z.string(),
  type: DrinkTypeSchema,
  sweetness: SweetnessSchema,
  remark: z.string(),
  options: z.array(OrderOptionSchema).optional(),
});

/** A usual kept in this browser before the upgrade: the drink, and how it read then. */
export interface LegacyUsual {
  drink: DrinkChoice;
  name: string;
  /** Its choices' names as it was ordered ("Oat", "2× Vanilla"). */
  choices: { choice: string; quantity: number }[];
}

/** The usual this browser kept before the upgrade, or null (none, or not readable). */
export function readLegacyUsual(): LegacyUsual | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.favOrder);
    if (!raw) return null;
    const parsed = LegacyUsualSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    const kept = parsed.data;
    return {
      drink: drinkOfOrder({ ...kept, menu: { id: kept.menu_id } }),
      name: kept.menu_name,
      choices: (kept.options ?? []).map((o) => ({ choice: o.choice, quantity: o.quantity })),
    };
  } catch {
    return null;
  }
}

/** Whether this browser still holds a usual from before the upgrade. */
export const hasLegacyUsual = (): boolean => readStored(STORAGE_KEYS.favOrder) !== null;

/** Forgets the usual kept in this browser (kept on the server, or the person said not now). */
export function forgetLegacyUsual(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.favOrder);
  } catch {
    // Nothing kept where there is no storage.
  }
}
