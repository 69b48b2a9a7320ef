import { useLingui } from '@lingui/react';
import type { QueuedOrder } from '@cafe/shared';
import { Hand, UserRound } from 'lucide-react';
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
 * Who makes the ticket ("Making: Bea", "Making: you" stressed), and the tap that changes it: "I'll
 * make this" on one nobody has, "Give back" on one's own, "Take over" on another barista's (a
 * shift change). One line, so the ticket stays compact.
 */
export function TicketClaim({ order, meId, busy, offlineReasonId, onClaim }: TicketClaimProps) {
  const { _ } = useLingui();
  const claim = claimOf(order, meId);
  const disabled = Boolean(busy) || offlineReasonId !== undefined;
  const button = (action: ClaimAction, text: string, label: string) => (
    <button
      type="button"
      className={cn(
        'min-h-11 rounded-lg px-2 text-sm font-semibold',
        action === 'claim'
          ? 'border border-[var(--accent)] bg-[var(--accent-soft)] text-[var(--accent-on-soft)]'
          : 'text-[var(--ink-muted)] underline decoration-1 underline-offset-2 hover:text-[var(--ink)]',
      )}
      onClick={() => onClaim(order, action)}
      disabled={disabled}
      aria-busy={busy || undefined}
      aria-label={label}
      aria-describedby={offlineReasonId}
    >
      {action === 'claim' ? <Hand aria-hidden="true" className="mr-1 inline h-4 w-4" /> : null}
      {text}
    </button>
  );
  const label = orderLabel(order);
  if (claim.kind === 'none') {
    return (
      <div className="flex items-center" data-testid="ticket-claim">
        {button('claim', _('barista.claims.claim'), _('barista.claims.claimOf', { order: label }))}
      </div>
    );
  }
  const mine = claim.kind === 'me';
  return (
    <div className="flex flex-wrap items-center gap-x-1.5" data-testid="ticket-claim">
      <p
        className={cn(
          'inline-flex min-w-0 items-center gap-1 rounded-md px-1.5 py-px text-sm leading-5 font-semibold break-words',
          mine ? 'bg-[var(--accent)] text-[var(--accent-ink)]' : 'bg-[var(--surface-sunken)] text-[var(--ink)]',
        )}
      >
        <UserRound aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
        {mine ? _('barista.claims.makingYou') : _('barista.claims.making', { name: claim.name })}
      </p>
      {mine
        ? button('release', _('barista.claims.release'), _('barista.claims.releaseOf', { order: label }))
        : button(
            'take-over',
            _('barista.claims.takeOver'),
            _('barista.claims.takeOverOf', { order: label, name: claim.name }),
          )}
    </div>
  );
}
