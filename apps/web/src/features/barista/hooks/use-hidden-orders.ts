import { useLingui } from '@lingui/react';
import { claimFilterLabelId } from '@/features/barista/components/claim-filter';
import { filterLabelId, hiddenByFilters } from '@/features/barista/lib/order-filter';
import type { useBoardFilters } from './use-board-filters';
import type { useClaims } from './use-claims';

/**
 * What the board's filters hide (docs/decisions/0099-no-hidden-orders.md): how many orders, the
 * names of the filters hiding them ("Mine", "Coffee", "Latte"), and Show all, which clears them.
 * The notice under the toolbar and the empty board say it.
 */
export function useHiddenOrders(
  claims: Pick<ReturnType<typeof useClaims>, 'hidden' | 'filter' | 'setFilter'>,
  board: Pick<ReturnType<typeof useBoardFilters>, 'hidden' | 'filter' | 'drinkName' | 'changeFilter'>,
) {
  const { _ } = useLingui();
  const hidden = hiddenByFilters([
    { count: claims.hidden, name: _(claimFilterLabelId(claims.filter)) },
    { count: board.hidden.category, name: _(filterLabelId(board.filter)) },
    { count: board.hidden.drink, name: board.drinkName },
  ]);
  const showAll = () => {
    claims.setFilter('all');
    board.changeFilter('all');
  };
  return { ...hidden, showAll };
}
