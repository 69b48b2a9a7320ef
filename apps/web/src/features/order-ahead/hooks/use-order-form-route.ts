import { useState } from 'react';
import { useParams } from 'react-router';
import { customerPaths } from '@/lib/paths';
import { useMe } from '@/api/me';
import { useOrderDraft, type OrderDraft } from '@/features/order-ahead/stores/order-draft';

/**
 * What the cafe and bar order-form routes share: the drink named by the address, the draft kept
 * for that same drink, and the summary dialog that "Next" opens.
 */
export function useOrderFormRoute(venue: OrderDraft['venue']) {
  const { menuName = '', menuId = '', description = '' } = useParams();
  const customer = customerPaths(useMe()?.role);
  const { draft, setMenu } = useOrderDraft();
  const [summaryOpen, setSummaryOpen] = useState(false);
  const id = Number(menuId);
  const found = Number.isInteger(id) && id > 0 && menuName !== '';
  const sameDrink = draft?.venue === venue && draft.menu_id === id ? draft : null;

  const handleNext = (next: OrderDraft) => {
    setMenu(next);
    setSummaryOpen(true);
  };

  return { id, menuName, description, found, customer, draft, sameDrink, summaryOpen, setSummaryOpen, handleNext };
}
