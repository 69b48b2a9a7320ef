import { z } from 'zod';
import { DietTagSchema } from './diet-schemas';
import { CategoryForSchema } from './enum-schemas';
import { ErrorBodySchema } from './errors';
import { IdSchema } from './id-schema';

/*
 * GET /menu/verdicts: the door's "what may this person order here now" (menu-for.ts) as the API
 * answers it, so a client shows a venue's menu without composing the decision itself. A refusal is
 * the error answer POST /order would give for it (its code and `messageId` with `params`).
 */

export const MenuVerdictsQuerySchema = z.object({
  venue: CategoryForSchema,
  /** The site to order at; without it the caller's home site (a visitor's: the default one). */
  siteId: IdSchema.optional(),
});
export type MenuVerdictsQuery = z.infer<typeof MenuVerdictsQuerySchema>;

/** Why an order cannot be placed, as POST /order would refuse it; null when it may be. */
const RefusalSchema = ErrorBodySchema.nullable();

/** For now (as soon as possible) and for later (a pickup time; the slot's own hours are checked when it is chosen). */
const VerdictSchema = z.object({ now: RefusalSchema, later: RefusalSchema });

export const MenuItemVerdictSchema = VerdictSchema.extend({
  menuId: z.number().int(),
  /** What of the drink as it comes (its default choices) the caller avoids. */
  conflicts: z.array(DietTagSchema),
  /** Nobody has tagged what it contains, and the caller avoids something. */
  untagged: z.boolean(),
});
export type MenuItemVerdict = z.infer<typeof MenuItemVerdictSchema>;

export const MenuVerdictsSchema = z.object({
  siteId: z.number().int(),
  /** What holds for the whole venue, whatever the item (closed, the Friday cut-off, busy mode). */
  venue: VerdictSchema,
  /** Every listed item of the venue, in the menu's order. */
  items: z.array(MenuItemVerdictSchema),
});
export type MenuVerdicts = z.infer<typeof MenuVerdictsSchema>;
