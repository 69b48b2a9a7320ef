import type { DrinkType, Sweetness } from '@cafe/shared';
import { create } from 'zustand';

/** The order being put together (SPEC section 3 "Order draft"). */
export interface OrderDraft {
  venue: 'cafe' | 'bar';
  menu_id: number;
  menu_name: string;
  type?: DrinkType;
  sweetness?: Sweetness;
  /** "-" means no additional request. */
  remark: string;
  /** Cafe: the uploaded tumbler photo URL. Bar: the drink's description (as the specification says). */
  tumblerImage: string;
}

interface OrderDraftState {
  draft: OrderDraft | null;
  /** Set-menu: keep the draft. */
  setMenu: (draft: OrderDraft) => void;
  /** Reset after an order or when leaving the flow. */
  clear: () => void;
}

export const useOrderDraft = create<OrderDraftState>()((set) => ({
  draft: null,
  setMenu: (draft) => set({ draft }),
  clear: () => set({ draft: null }),
}));
