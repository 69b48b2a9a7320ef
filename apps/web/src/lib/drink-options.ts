import type { ChosenOption, MenuOptionGroup, OrderOption } from '@cafe/shared';
import { i18n } from '@/i18n';

/*
 * Drink options on the screen (docs/api.md, "Drink options"): what a form starts with, how a tap
 * changes the choice, what is still missing, and how an order's choices read. The server checks
 * every rule again; these only make the form pleasant.
 */

/** The item's defaults that can be chosen now (a sold-out default is left for the person to replace). */
export function defaultOptions(groups: readonly MenuOptionGroup[]): ChosenOption[] {
  return groups.flatMap((g) =>
    g.choices.filter((c) => c.isDefault && !c.soldOut).map((c) => ({ choiceId: c.id, quantity: 1 })),
  );
}

/** Keeps only choices the item still offers and that are not sold out (an "Order again" of an old order). */
export function keepOffered(groups: readonly MenuOptionGroup[], chosen: readonly ChosenOption[]): ChosenOption[] {
  const offered = new Set(groups.flatMap((g) => g.choices.filter((c) => !c.soldOut).map((c) => c.id)));
  return chosen.filter((c) => offered.has(c.choiceId));
}

/** How many of a choice are chosen (0: not chosen; a choice without a quantity is one). */
/** How many of a choice are chosen (0: not chosen). */
export const quantityOf = (chosen: readonly ChosenOption[], choiceId: number): number => {
  const found = chosen.find((c) => c.choiceId === choiceId);
  return found ? (found.quantity ?? 1) : 0;
};

/** Chooses or unchooses a choice of a group: a single choice replaces the group's, a multiple one toggles. */
export function toggleChoice(
  group: MenuOptionGroup,
  chosen: readonly ChosenOption[],
  choiceId: number,
): ChosenOption[] {
  const ids = new Set(group.choices.map((c) => c.id));
  const others = chosen.filter((c) => !ids.has(c.choiceId));
  const mine = chosen.filter((c) => ids.has(c.choiceId));
  if (group.maxChoices === 1) return [...others, { choiceId, quantity: 1 }];
  if (mine.some((c) => c.choiceId === choiceId)) return chosen.filter((c) => c.choiceId !== choiceId);
  if (mine.length >= group.maxChoices) return [...chosen];
  return [...chosen, { choiceId, quantity: 1 }];
}

/** Changes the quantity of a chosen choice, within 1 and the group's largest. */
export function setQuantity(
  group: MenuOptionGroup,
  chosen: readonly ChosenOption[],
  choiceId: number,
  quantity: number,
): ChosenOption[] {
  const next = Math.min(group.maxQuantity, Math.max(1, quantity));
  return chosen.map((c) => (c.choiceId === choiceId ? { ...c, quantity: next } : c));
}

/** The number of distinct choices made in a group. */
export function chosenIn(group: MenuOptionGroup, chosen: readonly ChosenOption[]): number {
  return group.choices.filter((c) => quantityOf(chosen, c.id) > 0).length;
}

/** "Choose 1", "Choose up to 2", "Choose 2", "Optional": what a group asks for. */
export function groupHint(group: MenuOptionGroup): string {
  if (group.minChoices === group.maxChoices) return i18n._('shared.options.chooseExactly', { count: group.maxChoices });
  if (group.minChoices === 0 && group.maxChoices === 1) return i18n._('shared.options.optional');
  if (group.minChoices === 0) return i18n._('shared.options.chooseUpTo', { count: group.maxChoices });
  return i18n._('shared.options.chooseBetween', { min: group.minChoices, max: group.maxChoices });
}

/** The first group whose rule the choice breaks, with the problem, or null when all is well. */
export function optionsProblem(
  groups: readonly MenuOptionGroup[],
  chosen: readonly ChosenOption[],
): { groupId: number; message: string } | null {
  for (const group of groups) {
    const count = chosenIn(group, chosen);
    if (count < group.minChoices || count > group.maxChoices) {
      return { groupId: group.id, message: `${group.name}: ${groupHint(group)}` };
    }
  }
  return null;
}

/** "Large · Oat · 2× Vanilla": an order's choices as one line. */
export function optionsText(options: readonly Pick<OrderOption, 'choice' | 'quantity'>[] | undefined): string {
  return (options ?? []).map((o) => (o.quantity > 1 ? `${o.quantity}× ${o.choice}` : o.choice)).join(' · ');
}

/** An order's choices as the body of a new order ("Order again"). */
export function chosenOf(options: readonly OrderOption[] | undefined): ChosenOption[] | undefined {
  return options?.map((o) => ({ choiceId: o.choiceId, quantity: o.quantity }));
}
