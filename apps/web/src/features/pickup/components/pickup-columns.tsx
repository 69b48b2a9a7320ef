import type { PickupBoard, PickupRun, PickupTicket } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { fitTickets, gridCapacity } from '../lib/fit-tickets';

const TILE = 'flex min-w-0 flex-col items-center justify-center rounded-2xl px-3 py-[1.2vh] text-center';
const NUMBER = 'text-[clamp(2.25rem,4.6vw,6rem)] leading-none font-extrabold tabular-nums';
const NAME = 'mt-1 w-full truncate text-[clamp(1.25rem,2.1vw,2.75rem)] leading-tight font-semibold';

/** One order on the screen: its number, large, and the name the site lets it show. */
function Ticket({ ticket, ready }: { ticket: PickupTicket; ready: boolean }) {
  const { _ } = useLingui();
  return (
    <li
      data-testid="pickup-ticket"
      data-number={ticket.number}
      // A border, drawn inside the tile's box, not a ring (a shadow outside it): the column's list
      // clips what overflows it, and cut the rings of its outer tiles at 1920 px (issue 62).
      className={cn(
        TILE,
        'border-2',
        ready ? 'border-emerald-400 bg-emerald-950' : 'border-transparent bg-neutral-800',
      )}
    >
      <span className={cn(NUMBER, ready ? 'text-emerald-300' : 'text-white')}>
        {_('pickup.screen.number', { number: ticket.number })}
      </span>
      {ticket.name ? <span className={cn(NAME, 'text-neutral-100')}>{ticket.name}</span> : null}
    </li>
  );
}

/**
 * A coffee run whose drinks are all finished, once, across the column: its runner looks for the
 * run, not for each colleague's number ("Ann B.'s run for Meeting room 3 is ready", "3 drinks").
 */
function RunEntry({ run }: { run: PickupRun }) {
  const { _ } = useLingui();
  return (
    <li
      data-testid="pickup-run"
      data-run={run.id}
      className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-[1vw] rounded-2xl border-2 border-emerald-400 bg-emerald-950 px-[1.2vw] py-[1.2vh]"
    >
      <span className="min-w-0 text-[clamp(1.5rem,2.6vw,3.25rem)] leading-tight font-bold break-words text-emerald-300">
        {run.runner
          ? _('pickup.screen.runReady', { runner: run.runner, place: run.place })
          : _('pickup.screen.runReadyNoName', { place: run.place })}
        {/* A screen reader pauses between the sentence and the count. */}
        <span className="sr-only">, </span>
      </span>
      <span className="text-[clamp(1.25rem,2.1vw,2.75rem)] font-semibold whitespace-nowrap text-neutral-100">
        {_('pickup.screen.runDrinks', { count: run.drinks })}
      </span>
    </li>
  );
}

/**
 * The last tile of a full column: how many orders did not fit, "+5" large and "more" below it, on
 * one line each whatever the width, so the tile is as tall as a ticket with a name.
 */
function MoreTile({ count }: { count: number }) {
  const { _ } = useLingui();
  return (
    <li data-testid="pickup-more" className={cn(TILE, 'border-2 border-dashed border-neutral-500')}>
      <span className="sr-only">{_('pickup.screen.more', { count })}</span>
      <span aria-hidden="true" className={cn(NUMBER, 'text-neutral-100')}>
        {_('pickup.screen.moreCount', { count })}
      </span>
      <span aria-hidden="true" className={cn(NAME, 'text-neutral-300')}>
        {_('pickup.screen.moreWord')}
      </span>
    </li>
  );
}

/**
 * The tickets that fit in a column's box, whole rows only; when they do not all fit, the last tile
 * counts the rest ("+5 more"). Measured again whenever the box or the tickets change.
 */
function useFit(count: number) {
  const list = useRef<HTMLOListElement>(null);
  const [capacity, setCapacity] = useState<number | null>(null);
  const { shown, more } = fitTickets(count, capacity);
  const counted = more > 0;
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const measure = () => setCapacity(gridCapacity(element));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
    // Measured again when the "+N more" tile comes or goes: it may be taller than the tickets.
  }, [count, counted]);
  return { list, shown, more };
}

function Column({
  title,
  tickets,
  runs = [],
  empty,
  ready,
}: {
  title: string;
  tickets: PickupTicket[];
  runs?: PickupRun[];
  empty: string;
  ready: boolean;
}) {
  const { _ } = useLingui();
  const id = useId();
  const { list, shown, more } = useFit(tickets.length);
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
      {runs.length > 0 ? (
        // Above the tickets, which fit what is left of the column's box.
        <ul aria-label={_('pickup.screen.runs')} aria-live="polite" className="mb-[1vw] flex flex-col gap-[1vw]">
          {runs.map((run) => (
            <RunEntry key={run.id} run={run} />
          ))}
        </ul>
      ) : null}
      {tickets.length === 0 ? (
        runs.length > 0 ? null : (
          <p className="text-[clamp(1.25rem,2vw,2.5rem)] text-neutral-300">{empty}</p>
        )
      ) : (
        <ol
          ref={list}
          className="grid min-h-0 flex-1 auto-rows-min content-start gap-[1vw] overflow-hidden"
          style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(clamp(8.5rem, 13vw, 17rem), 1fr))' }}
          // Someone waiting with a screen reader hears a drink become ready.
          aria-live={ready ? 'polite' : undefined}
        >
          {tickets.slice(0, shown).map((ticket) => (
            <Ticket key={ticket.number} ticket={ticket} ready={ready} />
          ))}
          {more > 0 ? <MoreTile count={more} /> : null}
        </ol>
      )}
    </section>
  );
}

/**
 * The two columns of a pickup screen: orders being prepared, and orders and whole coffee runs ready
 * to pick up.
 */
export function PickupColumns({ board }: { board: PickupBoard }) {
  const { _ } = useLingui();
  return (
    // One row as tall as the screen leaves (not as tall as its tickets): a column's box ends at
    // the screen's edge, and what does not fit in it is counted, not cut off.
    <div className="grid min-h-0 flex-1 grid-cols-2 grid-rows-1 gap-[1.5vw]">
      <Column
        title={_('pickup.screen.preparing')}
        tickets={board.preparing}
        empty={_('pickup.screen.nonePreparing')}
        ready={false}
      />
      <Column
        title={_('pickup.screen.ready')}
        tickets={board.ready}
        runs={board.runs}
        empty={_('pickup.screen.noneReady')}
        ready
      />
    </div>
  );
}
