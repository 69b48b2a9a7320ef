import type { Order } from '@cafe/shared';

/** Whose tickets the board shows: the barista's own, those nobody has taken, or all. */
export type ClaimFilter = 'mine' | 'unclaimed' | 'all';
export const CLAIM_FILTERS: readonly ClaimFilter[] = ['mine', 'unclaimed', 'all'];

export const isClaimFilter = (value: unknown): value is ClaimFilter =>
  typeof value === 'string' && (CLAIM_FILTERS as readonly string[]).includes(value);

type Claimed = Pick<Order, 'status' | 'claimedBy'>;

/**
 * The orders of the board a claim filter keeps. Only the tickets still to make are narrowed: the
 * finished drinks on the counter (the Ready lane) stay, whoever made them. Mine keeps the
 * barista's own tickets and every ticket nobody has taken: a new order is nobody's, and it must
 * reach every barista at the site whatever their filter (docs/decisions/0099-no-hidden-orders.md).
 * Mine hides only what another barista makes.
 */
export function byClaim<T extends Claimed>(orders: readonly T[], filter: ClaimFilter, meId: number | null): T[] {
  if (filter === 'all') return [...orders];
  return orders.filter((order) => {
    if (order.status === 'done') return true;
    const by = order.claimedBy?.id ?? null;
    return filter === 'unclaimed' ? by === null : by === null || by === meId;
  });
}

/** Who makes an order, seen by the barista `meId`: nobody, them, or someone else (named). */
export function claimOf(
  order: Claimed,
  meId: number | null,
): { kind: 'none' } | { kind: 'me' | 'other'; name: string } {
  const by = order.claimedBy;
  if (!by) return { kind: 'none' };
  return { kind: by.id === meId ? 'me' : 'other', name: by.name };
}
