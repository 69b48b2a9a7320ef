/**
 * What an order chose of the drink options: the choices checked against the item's groups and the
 * site's sold-outs (`resolve`), saved with the order in the placement's transaction
 * (`saveForOrders`). Kept apart from the catalogue's management because it runs on every placement
 * and changes with the ordering rules, not with how staff edit groups; options.service.ts composes
 * it over the catalogue it caches.
 */
import { peopleText, soldOutText, type ChosenOption } from '@cafe/shared';
import type { Insertable } from 'kysely';
import type { AppBase } from '../../context';
import type { Db, OrderOptionsTable } from '../../db/types';
import { badRequest, refusal } from '../../lib/errors';
import { soldOutAt, untilText } from '../../lib/sold-out';
import type { EffectiveGroup } from './option-catalogue';
import * as repo from './options.repository';

/** What an order keeps of one choice, before the order has its id. */
export type ResolvedOption = Omit<Insertable<OrderOptionsTable>, 'order_id'>;

/** What choosing needs of the catalogue, which options.service.ts caches. */
export interface ChoosingCatalogue {
  /** The groups an item offers, in order, with its own values applied (groups without choices left out). */
  itemGroups: (itemId: number) => Promise<EffectiveGroup[]>;
  /** The sold-out state of each choice at a site, by choice id. */
  atSite: (siteId: number) => Promise<Map<number, repo.SiteChoiceRow>>;
}

export function createOrderOptions(ctx: AppBase, { itemGroups, atSite }: ChoosingCatalogue) {
  /** A choice as a person knows it, "Oat (Milk)", for a refusal that names one not on the item. */
  async function choiceName(choiceId: number): Promise<string> {
    const choice = await repo.findChoice(ctx.db, choiceId);
    const group = choice ? await repo.findGroup(ctx.db, choice.group_id) : undefined;
    if (!choice) return `an option that does not exist (${choiceId})`;
    return group ? `${choice.name} (${group.name})` : choice.name;
  }

  return {
    /**
     * What an order of the item chose, checked (docs/api.md, "Drink options"): without `chosen`, the
     * item's defaults; with it, exactly those. 400 naming the group, 409 for a choice sold out at
     * the site.
     */
    async resolve(
      site: { id: number; name: string; timeZone: string },
      item: { id: number; name: string },
      chosen: readonly ChosenOption[] | undefined,
    ): Promise<ResolvedOption[]> {
      const groups = await itemGroups(item.id);
      if (groups.length === 0) {
        if (chosen && chosen.length > 0)
          throw badRequest(
            `options: ${item.name} has no options`,
            peopleText('people.options.noOptions', { item: item.name }),
          );
        return [];
      }
      const byChoice = new Map<
        number,
        { group: EffectiveGroup; index: number; choice: EffectiveGroup['choices'][number] }
      >();
      groups.forEach((group, index) => {
        for (const choice of group.choices) byChoice.set(choice.id, { group, index, choice });
      });
      const picks: { choiceId: number; quantity: number }[] =
        chosen === undefined
          ? groups.flatMap((g) => g.choices.filter((c) => c.isDefault).map((c) => ({ choiceId: c.id, quantity: 1 })))
          : chosen.map((c) => ({ choiceId: c.choiceId, quantity: c.quantity ?? 1 }));
      const perGroup = new Map<number, number>();
      const seen = new Set<number>();
      for (const pick of picks) {
        const found = byChoice.get(pick.choiceId);
        if (!found) {
          const name = await choiceName(pick.choiceId);
          throw badRequest(
            `options: ${name} is not an option of ${item.name}`,
            peopleText('people.options.notAnOption', { choice: name, item: item.name }),
          );
        }
        const { group, choice } = found;
        if (seen.has(pick.choiceId))
          throw badRequest(
            `${group.name}: ${choice.name} is chosen twice`,
            peopleText('people.options.chosenTwice', { group: group.name, choice: choice.name }),
          );
        seen.add(pick.choiceId);
        if (pick.quantity > group.maxQuantity) {
          throw group.maxQuantity === 1
            ? badRequest(
                `${group.name}: ${choice.name} is one choice, without a quantity`,
                peopleText('people.options.noQuantity', { group: group.name, choice: choice.name }),
              )
            : badRequest(
                `${group.name}: at most ${group.maxQuantity} of ${choice.name}`,
                peopleText('people.options.atMostOf', {
                  group: group.name,
                  max: group.maxQuantity,
                  choice: choice.name,
                }),
              );
        }
        perGroup.set(group.id, (perGroup.get(group.id) ?? 0) + 1);
      }
      for (const group of groups) {
        const count = perGroup.get(group.id) ?? 0;
        if (count >= group.minChoices && count <= group.maxChoices) continue;
        const [rule, id, wanted]: [string, `people.${string}`, number] =
          group.minChoices === group.maxChoices
            ? [`choose ${group.minChoices}`, 'people.options.chooseExactly', group.minChoices]
            : count < group.minChoices
              ? [`choose at least ${group.minChoices}`, 'people.options.chooseAtLeast', group.minChoices]
              : [`choose at most ${group.maxChoices}`, 'people.options.chooseAtMost', group.maxChoices];
        throw badRequest(`${group.name}: ${rule}`, peopleText(id, { group: group.name, count: wanted }));
      }
      const states = await atSite(site.id);
      const now = ctx.clock.now();
      for (const pick of picks) {
        const found = byChoice.get(pick.choiceId);
        const state = soldOutAt(states.get(pick.choiceId), now);
        if (found && state.soldOut) {
          // The person's words (a chat channel says them in their language); the API's message as it was.
          const named = `${found.choice.name} (${found.group.name})`;
          throw refusal(
            409,
            'MENU_UNAVAILABLE',
            soldOutText(named, site.name, state.soldOutUntil, site.timeZone),
            `${named} is sold out at ${site.name}${untilText(state.soldOutUntil, site.timeZone)}. Please choose another.`,
          );
        }
      }
      return picks
        .map((pick) => {
          const { group, index, choice } = byChoice.get(pick.choiceId) as NonNullable<ReturnType<typeof byChoice.get>>;
          return {
            group_id: group.id,
            group_name: group.name,
            choice_id: choice.id,
            choice_name: choice.name,
            quantity: pick.quantity,
            is_default: choice.isDefault ? 1 : 0,
            sort_order: index * 100 + group.choices.indexOf(choice),
          };
        })
        .sort((a, b) => a.sort_order - b.sort_order);
    },

    /** Saves what orders chose, in one statement (in the placement's transaction). */
    saveForOrders: (trx: Db, orders: readonly { orderId: number; options: readonly ResolvedOption[] }[]) =>
      repo.insertOrderOptions(
        trx,
        orders.flatMap(({ orderId, options }) => options.map((o) => ({ ...o, order_id: orderId }))),
      ),
  };
}
