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
}

/**
 * Who makes the ticket, in its top line beside the time (a whole 44 px target whose words are never
 * cut, docs/decisions/0098-board-holds-any-count.md): "I'll make this" on one nobody has, "Making: you" (stressed;
 * a tap gives it back) on one's own, "Making: Bea" on another barista's (a tap asks whether to take
 * it over, for a shift change).
 */
export function TicketClaim({ order, meId, busy, offlineReasonId, onClaim }: TicketClaimProps) {
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
        // A whole target (44 px, decision 0098) in the ticket's top line, its words never cut.
        'inline-flex min-h-11 max-w-full min-w-11 flex-1 items-center justify-center gap-1 rounded-full px-2 text-left text-sm leading-4 font-bold break-words disabled:opacity-60',
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
      <span className="min-w-0">{text}</span>
      {claim.kind === 'me' ? <X aria-hidden="true" className="h-3.5 w-3.5 shrink-0" /> : null}
    </button>
  );
}
