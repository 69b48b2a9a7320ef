import { useLingui } from '@lingui/react';
import type { QueuedOrder } from '@cafe/shared';
import { Hand, UserRound, X } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { ClaimAction } from '@/features/barista/hooks/use-claims';
import { claimOf } from '@/features/barista/lib/claims';
import { orderLabel } from '@/features/barista/lib/order-label';

interface TicketClaimProps {
  order: QueuedOrder;
  meId: number | null;
  /** A claim tap of this order is on its way. */
  busy?: boolean;
  /** Offline: the id of the text saying so; the claim needs the server. */
  offlineReasonId?: string;
  onClaim: (order: QueuedOrder, action: ClaimAction) => void;
  /** The ticket wears the "New" mark on the left of its top edge: this one keeps clear of it. */
  besideNew?: boolean;
}

/**
 * Who makes the ticket, on its top edge (as the "New" mark; the ticket grows by nothing, so a
 * 1024 x 768 tablet still shows eight): "I'll make this" on one nobody has, "Making: you" (stressed;
 * a tap gives it back) on one's own, "Making: Bea" on another barista's (a tap asks whether to take
 * it over, for a shift change).
 */
export function TicketClaim({ order, meId, busy, offlineReasonId, onClaim, besideNew }: TicketClaimProps) {
  const { _ } = useLingui();
  const claim = claimOf(order, meId);
  const label = orderLabel(order);
  const [action, text, name]: [ClaimAction, string, string] =
    claim.kind === 'none'
      ? ['claim', _('barista.claims.claim'), _('barista.claims.claimOf', { order: label })]
      : claim.kind === 'me'
        ? ['release', _('barista.claims.makingYou'), _('barista.claims.releaseOf', { order: label })]
        : [
            'ask-take-over',
            _('barista.claims.making', { name: claim.name }),
            _('barista.claims.askTakeOverOf', { order: label, name: claim.name }),
          ];
  // One's own says "you" and how to give it back (the ×): no person mark, so it fits the narrow lane.
  const Icon = claim.kind === 'none' ? Hand : claim.kind === 'other' ? UserRound : null;
  return (
    <button
      type="button"
      data-testid="ticket-claim"
      className={cn(
        'absolute -top-3 right-7 inline-flex h-6 items-center gap-1 rounded-full px-2 text-xs leading-4 font-bold whitespace-nowrap shadow-sm ring-1 ring-[var(--surface-raised)] disabled:opacity-60',
        besideNew ? 'max-w-[calc(100%-5.5rem)]' : 'max-w-[calc(100%-2.25rem)]',
        claim.kind === 'none' && 'border border-[var(--accent)] bg-[var(--accent-soft)] text-[var(--accent-on-soft)]',
        claim.kind === 'me' && 'bg-[var(--accent)] text-[var(--accent-ink)]',
        claim.kind === 'other' && 'border border-[var(--border-strong)] bg-[var(--surface-raised)] text-[var(--ink)]',
      )}
      onClick={() => onClaim(order, action)}
      disabled={Boolean(busy) || offlineReasonId !== undefined}
      aria-busy={busy || undefined}
      aria-label={name}
      aria-describedby={offlineReasonId}
      title={name}
    >
      {Icon ? <Icon aria-hidden="true" className="h-3.5 w-3.5 shrink-0" /> : null}
      <span className="truncate">{text}</span>
      {claim.kind === 'me' ? <X aria-hidden="true" className="h-3.5 w-3.5 shrink-0" /> : null}
    </button>
  );
}
