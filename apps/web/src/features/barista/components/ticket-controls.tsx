import { useLingui } from '@lingui/react';
import { History } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A ticket's or a ready drink's tick box in select mode, named after its order. */
export function SelectTick({
  label,
  checked,
  onToggle,
  className,
}: {
  /** The order as a screen reader names it (orderLabel). */
  label: string;
  checked: boolean;
  onToggle: () => void;
  className?: string;
}) {
  const { _ } = useLingui();
  return (
    <label className={cn('btn-secondary min-h-11 w-full cursor-pointer justify-start px-2 text-base', className)}>
      <input
        type="checkbox"
        className="h-6 w-6 accent-[var(--focus)]"
        checked={checked}
        onChange={onToggle}
        aria-label={_('barista.ticket.selectOrder', { order: label })}
      />
      <span aria-hidden="true">{checked ? _('barista.ticket.selected') : _('barista.ticket.select')}</span>
    </label>
  );
}

/** The button that opens an order's timeline, named after its order (a ticket's, unless `className` says otherwise). */
export function TimelineButton({
  label,
  onClick,
  className = 'btn-secondary px-0',
}: {
  label: string;
  onClick: () => void;
  className?: string;
}) {
  const { _ } = useLingui();
  return (
    <button
      type="button"
      className={className}
      onClick={onClick}
      aria-label={_('barista.ticket.timelineOf', { order: label })}
      title={_('barista.ticket.timeline')}
    >
      <History aria-hidden="true" className="h-5 w-5" />
    </button>
  );
}
