import { dietConflicts, drinkTags, type DietTag } from './diet';
import { isSweetness, type DrinkType, type Sweetness } from './enums';
import { textOrEmpty } from './text';

/*
 * A drink as a person orders it, written once: what identifies it (the item, type, sweetness,
 * remark and choices), how an order becomes one ("Order again", the usual, a standing order), and
 * the choices it stands for once the item's defaults are applied. Every channel (the web, walk-up,
 * Slack, standing orders) and the server ask these, so a usual saved without options means the same
 * milk on every screen, in every warning and on the order the server saves.
 */

/** One choice of a drink: the choice's id and how many of it (1 when left out). */
export interface DrinkOption {
  choiceId: number;
  quantity?: number | undefined;
}

/** What identifies a drink as ordered (the contract's DrinkChoice, standing-schemas.ts). */
export interface DrinkOf {
  menu_id: number;
  type?: DrinkType | undefined;
  sweetness?: Sweetness | undefined;
  remark?: string | undefined;
  /** Absent: the item's default choices (as POST /order takes them); given: exactly these. */
  options?: DrinkOption[] | undefined;
}

/** What the drink needs of an order: its item, fields and the choices it was made with. */
export interface OrderedDrink {
  menu: { id: number };
  type: DrinkType | null;
  sweetness: number | null;
  remark: string;
  options?: readonly { choiceId: number; quantity: number }[] | undefined;
}

/**
 * An order as the drink to order again: its item, type, sweetness, remark (none for "-") and
 * exactly the choices it was made with. The one way an order becomes a drink: "Order again", the
 * usual, a standing order and every chat channel use it.
 */
export function drinkOfOrder(order: OrderedDrink): DrinkOf {
  const remark = textOrEmpty(order.remark);
  return {
    menu_id: order.menu.id,
    ...(order.type ? { type: order.type } : {}),
    ...(order.sweetness !== null && isSweetness(order.sweetness) ? { sweetness: order.sweetness } : {}),
    ...(remark ? { remark } : {}),
    ...(order.options
      ? {
          options: order.options.map((o) => ({
            choiceId: o.choiceId,
            ...(o.quantity > 1 ? { quantity: o.quantity } : {}),
          })),
        }
      : {}),
  };
}

/** Two drinks are the same order: item, type, sweetness, remark and choices (in any order). */
export function isSameDrink(a: DrinkOf, b: DrinkOf): boolean {
  const options = (d: DrinkOf) =>
    d.options === undefined
      ? 'defaults'
      : JSON.stringify(
          d.options.map((o) => [o.choiceId, o.quantity ?? 1]).sort((x, y) => (x[0] as number) - (y[0] as number)),
        );
  return (
    a.menu_id === b.menu_id &&
    (a.type ?? null) === (b.type ?? null) &&
    (a.sweetness ?? null) === (b.sweetness ?? null) &&
    textOrEmpty(a.remark) === textOrEmpty(b.remark) &&
    options(a) === options(b)
  );
}

/** An item's option groups as far as the drink needs them: each choice's id, tags and default. */
export interface DrinkItem {
  tags?: readonly DietTag[] | undefined;
  optionGroups?:
    | readonly {
        choices: readonly { id: number; isDefault: boolean; tags?: readonly DietTag[] | undefined }[];
      }[]
    | undefined;
}

/**
 * The choices a drink stands for on this item: its own when it names them, else the item's
 * defaults, as the server's placement takes them (an order without `options` is made with them).
 */
export function chosenOf(item: DrinkItem, options: readonly DrinkOption[] | undefined): DrinkOption[] {
  if (options !== undefined) return [...options];
  return (item.optionGroups ?? []).flatMap((g) =>
    g.choices.filter((c) => c.isDefault).map((c) => ({ choiceId: c.id })),
  );
}

/** The tags of the drink as it will be made: the item's with those of its choices (defaults applied). */
export function tagsOfDrink(item: DrinkItem, options: readonly DrinkOption[] | undefined): DietTag[] {
  const ids = new Set(chosenOf(item, options).map((c) => c.choiceId));
  const choices = (item.optionGroups ?? []).flatMap((g) =>
    g.choices.filter((c) => ids.has(c.id)).map((c) => c.tags ?? []),
  );
  return drinkTags(item.tags ?? [], choices);
}

/**
 * What of the drink as it will be made (its choices, or the item's defaults) the person who avoids
 * `avoids` cannot drink ([]: nothing). The one question every menu, form, card and channel asks.
 */
export function conflictsOfDrink(
  avoids: readonly DietTag[],
  item: DrinkItem,
  options: readonly DrinkOption[] | undefined,
): DietTag[] {
  if (avoids.length === 0) return [];
  return dietConflicts(avoids, tagsOfDrink(item, options));
}

/**
 * The item carries no allergen or diet tag at all, nor do its choices: nobody has said what it
 * contains, so a person who avoids something is told it is not tagged rather than shown nothing.
 */
export function isUntagged(item: DrinkItem): boolean {
  return (
    (item.tags ?? []).length === 0 &&
    (item.optionGroups ?? []).every((g) => g.choices.every((c) => (c.tags ?? []).length === 0))
  );
}

/**
 * What a person is told of a drink's diet: what of it as it will be made they avoid, and whether
 * nobody has tagged it, said only to a person who avoids something. Every menu, form and card asks it.
 */
export function dietMarksOf(
  avoids: readonly DietTag[],
  item: DrinkItem,
  options: readonly DrinkOption[] | undefined,
): { conflicts: DietTag[]; untagged: boolean } {
  return { conflicts: conflictsOfDrink(avoids, item, options), untagged: avoids.length > 0 && isUntagged(item) };
}
