import type { PickupBoard, PickupTicket } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useId } from 'react';
import { cn } from '@/lib/cn';

/** One order on the screen: its number, large, and the name the site lets it show. */
function Ticket({ ticket, ready }: { ticket: PickupTicket; ready: boolean }) {
  const { _ } = useLingui();
  return (
    <li
      data-testid="pickup-ticket"
      data-number={ticket.number}
      className={cn(
        'flex min-w-0 flex-col items-center justify-center rounded-2xl px-3 py-[1.2vh] text-center',
        ready ? 'bg-emerald-950 ring-2 ring-emerald-400' : 'bg-neutral-800',
      )}
    >
      <span
        className={cn(
          'text-[clamp(2.25rem,4.6vw,6rem)] leading-none font-extrabold tabular-nums',
          ready ? 'text-emerald-300' : 'text-white',
        )}
      >
        {_('pickup.screen.number', { number: ticket.number })}
      </span>
      {ticket.name ? (
        <span className="mt-1 w-full truncate text-[clamp(1.25rem,2.1vw,2.75rem)] leading-tight font-semibold text-neutral-100">
          {ticket.name}
        </span>
      ) : null}
    </li>
  );
}

function Column({
  title,
  tickets,
  empty,
  ready,
}: {
  title: string;
  tickets: PickupTicket[];
  empty: string;
  ready: boolean;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      data-testid={ready ? 'pickup-ready' : 'pickup-preparing'}
      className="flex min-h-0 min-w-0 flex-col rounded-3xl bg-neutral-900 p-[1.5vw]"
    >
      <h2
        id={id}
        className={cn(
          'mb-[1.5vh] text-[clamp(2rem,3.6vw,4.5rem)] leading-none font-bold',
          ready ? 'text-emerald-300' : 'text-amber-200',
        )}
      >
        {title}
      </h2>
      {tickets.length === 0 ? (
        <p className="text-[clamp(1.25rem,2vw,2.5rem)] text-neutral-300">{empty}</p>
      ) : (
        <ol
          className="grid min-h-0 flex-1 auto-rows-min content-start gap-[1vw] overflow-hidden"
          style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(clamp(8.5rem, 13vw, 17rem), 1fr))' }}
          // Someone waiting with a screen reader hears a drink become ready.
          aria-live={ready ? 'polite' : undefined}
        >
          {tickets.map((ticket) => (
            <Ticket key={ticket.number} ticket={ticket} ready={ready} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** The two columns of a pickup screen: orders being prepared, and orders ready to pick up. */
export function PickupColumns({ board }: { board: PickupBoard }) {
  const { _ } = useLingui();
  return (
    <div className="grid min-h-0 flex-1 grid-cols-2 gap-[1.5vw]">
      <Column
        title={_('pickup.screen.preparing')}
        tickets={board.preparing}
        empty={_('pickup.screen.nonePreparing')}
        ready={false}
      />
      <Column title={_('pickup.screen.ready')} tickets={board.ready} empty={_('pickup.screen.noneReady')} ready />
    </div>
  );
}
