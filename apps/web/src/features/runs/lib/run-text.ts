import type { OrderStatus, Run, RunCup, RunState } from '@cafe/shared';
import type { PillTone } from '@/components/ui';
import { i18n, msgId } from '@/i18n';

/** A run's state in words, and the colour of its pill. */
const STATES: Record<RunState, { id: string; tone: PillTone }> = {
  open: { id: msgId('runs.state.open'), tone: 'success' },
  closed: { id: msgId('runs.state.closed'), tone: 'neutral' },
  dropped: { id: msgId('runs.state.dropped'), tone: 'warning' },
};

/** A run whose drinks were all collected is over: said so, not merely closed. */
const OVER = { id: msgId('runs.state.over'), tone: 'neutral' as PillTone };

export function runStateText(run: Pick<Run, 'state' | 'over'>): { text: string; tone: PillTone } {
  const { id, tone } = run.state === 'closed' && run.over ? OVER : STATES[run.state];
  return { text: i18n._(id), tone };
}

/** Where a drink of the run is along the way, as the colleagues in it follow it. */
const DRINK_STATUSES: Record<OrderStatus, { id: string; tone: PillTone }> = {
  scheduled: { id: msgId('runs.drink.status.scheduled'), tone: 'neutral' },
  ordered: { id: msgId('runs.drink.status.ordered'), tone: 'neutral' },
  'in-progress': { id: msgId('runs.drink.status.inProgress'), tone: 'accent' },
  done: { id: msgId('runs.drink.status.done'), tone: 'success' },
  picked: { id: msgId('runs.drink.status.picked'), tone: 'success' },
  cancel: { id: msgId('runs.drink.status.cancel'), tone: 'neutral' },
  rejected: { id: msgId('runs.drink.status.rejected'), tone: 'danger' },
  uncollected: { id: msgId('runs.drink.status.uncollected'), tone: 'warning' },
};

export function drinkStatusText(status: OrderStatus): { text: string; tone: PillTone } {
  const { id, tone } = DRINK_STATUSES[status];
  return { text: i18n._(id), tone };
}

const CUPS: Record<RunCup, string> = {
  tumbler: msgId('runs.drink.cup.tumbler'),
  tray: msgId('runs.drink.cup.tray'),
};

export function cupText(cup: RunCup): string {
  return i18n._(CUPS[cup]);
}
