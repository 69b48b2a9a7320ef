import type { ChosenOption, DrinkType, RunCup, Sweetness } from '@cafe/shared';
import { create } from 'zustand';

/** The order being put together: stored when an item is chosen, reset when cleared. */
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
  /** The drink's options (docs/api.md, "Drink options"); undefined: the item has none. */
  options?: ChosenOption[];
  /** An order for later: the pickup slot's start (ISO); undefined: as soon as possible. A run's drink: the run's. */
  pickupAt?: string;
  /** A drink added to a coffee run (docs/api/runs.md): the run's id. */
  runId?: number;
  /** A run's drink: in the person's tumbler (its photo above) or in the runner's tray (no photo). */
  cup?: RunCup;
}

interface OrderDraftState {
  draft: OrderDraft | null;
  /**
   * The Idempotency-Key of this draft's placement (docs/api.md, POST /order): the same for every
   * attempt to place this very drink, so an order saved without the phone hearing back is not
   * made twice when "Place order" is tapped again; a new one as soon as the drink changes.
   */
  placementKey: string | null;
  /** Set-menu: keep the draft. */
  setMenu: (draft: OrderDraft) => void;
  /** Reset after an order or when leaving the flow. */
  clear: () => void;
}

const DRAFT_FIELDS = [
  'venue',
  'menu_id',
  'menu_name',
  'type',
  'sweetness',
  'remark',
  'tumblerImage',
  'pickupAt',
  'runId',
  'cup',
] as const;

function sameDrink(a: OrderDraft | null, b: OrderDraft): boolean {
  return (
    a !== null &&
    DRAFT_FIELDS.every((field) => a[field] === b[field]) &&
    JSON.stringify(a.options ?? null) === JSON.stringify(b.options ?? null)
  );
}

/** 128 random bits as hex. (crypto.randomUUID exists only on https pages; an office may serve plain http.) */
export function newPlacementKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const useOrderDraft = create<OrderDraftState>()((set, get) => ({
  draft: null,
  placementKey: null,
  setMenu: (draft) => {
    const { draft: previous, placementKey } = get();
    set({ draft, placementKey: sameDrink(previous, draft) && placementKey ? placementKey : newPlacementKey() });
  },
  clear: () => set({ draft: null, placementKey: null }),
}));
