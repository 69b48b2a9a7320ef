import { z } from 'zod';
import { IdSchema } from './id-schema';
import { itemNameSchema } from './names';
import { DietTagSchema, DietTagsSchema } from './diet-schemas';

// ---------- drink options (issue 19): option groups, their choices, what an order chose ----------

/** Limits of option groups (docs/api.md, "Drink options"). */
export const OPTION_LIMITS = {
  groupNameMax: 30,
  choiceNameMax: 30,
  /** Choices one group may offer. */
  choicesMax: 20,
  /** Groups one item may carry. */
  groupsPerItemMax: 10,
  /** The largest quantity of one choice ("2 pumps vanilla"); 1 means the group asks no quantity. */
  quantityMax: 9,
} as const;

/** A choice of a group as baristas manage it (GET /option-groups). */
export const OptionChoiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Chosen unless the person changes it. */
  isDefault: z.boolean(),
  /** What the choice adds to the drink (docs/allergens.md), in the list's order. The server always sends it. */
  tags: z.array(DietTagSchema).optional(),
});
export type OptionChoice = z.infer<typeof OptionChoiceSchema>;

/**
 * A group of choices (size, milk, syrups). `minChoices`..`maxChoices` distinct choices must be
 * made: 1..1 is a required single choice, 0..N optional, N..N "exactly N". With `maxQuantity` > 1
 * each chosen choice carries a quantity from 1 to it ("2 pumps vanilla"); a choice counts once
 * towards the minimum and maximum whatever its quantity.
 */
export const OptionGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  minChoices: z.number().int(),
  maxChoices: z.number().int(),
  maxQuantity: z.number().int(),
  /** In the order they are offered. */
  choices: z.array(OptionChoiceSchema),
});
export type OptionGroup = z.infer<typeof OptionGroupSchema>;

const ChoiceBodySchema = z.object({
  /** An existing choice of this group (kept, renamed); without it a new choice. */
  id: IdSchema.optional(),
  name: itemNameSchema(OPTION_LIMITS.choiceNameMax),
  isDefault: z.boolean().optional(),
  /** What the choice adds to the drink; absent: unchanged for a kept choice, none for a new one. */
  tags: DietTagsSchema.optional(),
});

const count = (what: string) =>
  z
    .number({ error: `${what} must be a whole number` })
    .int({ message: `${what} must be a whole number` })
    .min(0, { message: `${what} must be 0 or more` })
    .max(OPTION_LIMITS.choicesMax, { message: `${what} must be at most ${OPTION_LIMITS.choicesMax}` });

const quantity = z
  .number({ error: 'maxQuantity must be a whole number' })
  .int({ message: 'maxQuantity must be a whole number' })
  .min(1, { message: 'maxQuantity must be at least 1' })
  .max(OPTION_LIMITS.quantityMax, { message: `maxQuantity must be at most ${OPTION_LIMITS.quantityMax}` });

/**
 * POST /option-groups, and PUT /option-groups/{id} (the whole group: choices left out are
 * retired; orders keep their names). The server also checks: minChoices <= maxChoices, maxChoices
 * at least 1 and at most the number of choices, no more defaults than maxChoices, choice names
 * unique within the group.
 */
export const OptionGroupBodySchema = z.object({
  name: itemNameSchema(OPTION_LIMITS.groupNameMax),
  minChoices: count('minChoices'),
  maxChoices: count('maxChoices'),
  maxQuantity: quantity.optional(),
  choices: z
    .array(ChoiceBodySchema)
    .min(1, { message: 'choices: give at least one choice' })
    .max(OPTION_LIMITS.choicesMax, { message: `choices: at most ${OPTION_LIMITS.choicesMax}` }),
});
export type OptionGroupBody = z.infer<typeof OptionGroupBodySchema>;

/** One group attached to an item, with the item's own minimum, maximum and defaults when it has them. */
export const ItemOptionGroupBodySchema = z.object({
  groupId: IdSchema,
  minChoices: count('minChoices').optional(),
  maxChoices: count('maxChoices').optional(),
  /** The item's defaults instead of the group's (choice ids of the group; [] for none). */
  defaultChoiceIds: z.array(IdSchema).max(OPTION_LIMITS.choicesMax).optional(),
});
export type ItemOptionGroupBody = z.infer<typeof ItemOptionGroupBodySchema>;

/** PUT /menu/{id}/options (barista, admin): the item's groups become exactly these, in this order. */
export const ItemOptionGroupsBodySchema = z.object({
  groups: z
    .array(ItemOptionGroupBodySchema)
    .max(OPTION_LIMITS.groupsPerItemMax, { message: `groups: at most ${OPTION_LIMITS.groupsPerItemMax}` }),
});
export type ItemOptionGroupsBody = z.infer<typeof ItemOptionGroupsBodySchema>;

/** A choice as a person ordering at a site sees it. */
export const MenuOptionChoiceSchema = OptionChoiceSchema.extend({
  /** Sold out at the site the menu is of (it cannot be chosen). */
  soldOut: z.boolean(),
  /** When the sold-out ends by itself (ISO); null otherwise. */
  soldOutUntil: z.string().nullable(),
});
export type MenuOptionChoice = z.infer<typeof MenuOptionChoiceSchema>;

/** A group of an item as the menu lists it: the item's overrides already applied. */
export const MenuOptionGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  minChoices: z.number().int(),
  maxChoices: z.number().int(),
  maxQuantity: z.number().int(),
  choices: z.array(MenuOptionChoiceSchema),
});
export type MenuOptionGroup = z.infer<typeof MenuOptionGroupSchema>;

/** One choice in an order's body (POST /order, POST /order/walk-up). */
export const ChosenOptionSchema = z.object({
  choiceId: IdSchema,
  /** 1 when left out; more only where the group asks a quantity. */
  quantity: z
    .number({ error: 'quantity must be a whole number' })
    .int({ message: 'quantity must be a whole number' })
    .min(1, { message: 'quantity must be at least 1' })
    .max(OPTION_LIMITS.quantityMax, { message: `quantity must be at most ${OPTION_LIMITS.quantityMax}` })
    .optional(),
});
export type ChosenOption = z.infer<typeof ChosenOptionSchema>;

/**
 * An order's `options`: every choice made, in any order. Left out entirely, the item's defaults
 * are taken (clients that know nothing of options keep working); given, it is exactly what was
 * chosen.
 */
export const ChosenOptionsSchema = z
  .array(ChosenOptionSchema)
  .max(OPTION_LIMITS.groupsPerItemMax * OPTION_LIMITS.choicesMax, { message: 'options: too many choices' });

/**
 * A choice as an order keeps it: the group's and the choice's names as they were when it was
 * placed (editing the menu later never rewrites an order), and whether it was the default.
 */
export const OrderOptionSchema = z.object({
  groupId: z.number().int(),
  group: z.string(),
  choiceId: z.number().int(),
  choice: z.string(),
  quantity: z.number().int(),
  isDefault: z.boolean(),
});
export type OrderOption = z.infer<typeof OrderOptionSchema>;

/** PATCH /sites/{siteId}/option-choices/{choiceId} (barista of the site, admin): sold out there or not. */
export const SiteChoicePatchBodySchema = z
  .object({
    soldOut: z.boolean({ error: 'soldOut must be true or false' }),
    soldOutUntil: z.iso.datetime({ offset: true, message: 'must be an ISO date and time' }).nullable().optional(),
  })
  .refine((body) => body.soldOutUntil == null || body.soldOut, {
    message: 'soldOutUntil goes with soldOut: true',
    path: ['soldOutUntil'],
  });
export type SiteChoicePatchBody = z.infer<typeof SiteChoicePatchBodySchema>;

export const SiteChoiceParamsSchema = z.object({ siteId: IdSchema, choiceId: IdSchema });

/** GET /stats/popular-options: the most chosen options (by the names orders kept). */
export const PopularOptionRowSchema = z.object({
  group: z.string(),
  choice: z.string(),
  /** Orders that chose it. */
  totalOrder: z.number().int(),
  /** The quantities summed ("12 pumps"). */
  totalQuantity: z.number().int(),
});
export type PopularOptionRow = z.infer<typeof PopularOptionRowSchema>;
