import type { Order, OrderRun, QueuedOrder, Run } from '@cafe/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { SiteScope } from '@/api/site-state';
import { makeOrder } from '@/features/barista/test/fixtures';
import { formatPickupTime } from '@/lib/cafe-time';
import { useStaffSiteChoice } from '@/lib/site-choice';
import { apiError, mockApi, renderWithProviders, signIn, type Reply } from '@/test/render';
import { setLiveConnected } from '@/test/network';
import { siteOf } from '@/test/sites';
import { OrderBoardRoute } from './order-board-route';

/*
 * A coffee run on the barista board (docs/api/runs.md): its drinks stand together in each lane under
 * the run, each labelled "Name (2/5)", with one button moving the whole run (PATCH
 * /order/barista/run/{id}); each drink keeps its own buttons.
 */

// The live connection is up (test/network.ts); no event arrives unless a test sends one (test/fake-live.ts).
beforeEach(() => {
  setLiveConnected(true);
});

const PICKUP_AT = '2025-11-20T04:30:00.000Z';
const RUN: Omit<OrderRun, 'position' | 'of'> = { id: 7, place: 'Meeting room 3', runner: { id: 50, name: 'Ann' } };
const GROUP = "Ann's run for Meeting room 3";
const NEXT: Partial<Record<Order['status'], Order['status']>> = {
  ordered: 'in-progress',
  'in-progress': 'done',
  done: 'picked',
};

/** A drink of the run: its owner's name and its place among the run's three drinks. */
const runDrink = (id: number, position: number, name: string, status: Order['status']): QueuedOrder =>
  makeOrder({
    id,
    status,
    userName: name,
    user: { id: 100 + id, name },
    pickupAt: PICKUP_AT,
    run: { ...RUN, position, of: 3 },
  });

let orders: QueuedOrder[] = [];
let runAnswer: Reply | null = null;

/** The run as PATCH /order/barista/run/{id} answers it. */
const runOf = (): Run => ({
  id: RUN.id,
  site: { id: 1, name: 'Head office' },
  runner: RUN.runner,
  place: RUN.place,
  pickupAt: PICKUP_AT,
  closesAt: '2025-11-20T04:00:00.000Z',
  closedAt: null,
  state: 'closed',
  ready: false,
  collected: false,
  over: false,
  updatedAt: PICKUP_AT,
  drinks: [],
});

function setup() {
  const api = mockApi((call) => {
    if (call.method === 'GET' && call.path === '/order') return { body: orders.filter((o) => o.status !== 'picked') };
    if (call.method === 'GET' && call.path === '/sites') return { body: [siteOf(1, 'Head office')] };
    if (call.method === 'GET' && call.path === '/ordering-status')
      return {
        body: {
          paused: false,
          reason: null,
          waiting: 0,
          estimatedWaitMinutes: null,
          limits: { maxWaiting: null, maxWaitMinutes: null },
          message: null,
        },
      };
    const run = /^\/order\/barista\/run\/(\d+)$/.exec(call.path);
    if (call.method === 'PATCH' && run) {
      if (runAnswer) return runAnswer;
      // The server moves every drink of the run that can make the move.
      const { status } = call.body as { status: Order['status'] };
      orders = orders.map((o) => (o.run?.id === Number(run[1]) && NEXT[o.status] === status ? { ...o, status } : o));
      return { body: runOf() };
    }
    const single = /^\/order\/barista\/(\d+)$/.exec(call.path);
    if (call.method === 'PATCH' && single) {
      const order = orders.find((o) => o.id === Number(single[1]));
      return order ? { body: { ...order, ...(call.body as object) } } : undefined;
    }
    return undefined;
  });
  const user = userEvent.setup();
  renderWithProviders(
    <SiteScope of="staff">
      <OrderBoardRoute />
    </SiteScope>,
  );
  const moves = () => api.calls.filter((c) => c.method === 'PATCH');
  const reads = () => api.calls.filter((c) => c.method === 'GET' && c.path === '/order').length;
  return { ...api, user, moves, reads };
}

const lane = (name: 'In Progress Order' | 'Waiting Order' | 'Ready') => screen.getByRole('region', { name });
const group = (name: 'In Progress Order' | 'Waiting Order' | 'Ready') =>
  within(lane(name)).getByRole('group', { name: GROUP });

beforeEach(() => {
  orders = [];
  runAnswer = null;
  useStaffSiteChoice.setState({ siteId: null });
  signIn({ role: 'barista', homeSiteId: 1, staffSiteIds: [1] });
});

describe('OrderBoardRoute: a coffee run', () => {
  it('shows its drinks as one group in each lane, headed by the run, each labelled "Name (n/of)"', async () => {
    orders = [
      runDrink(1, 1, 'Ann', 'ordered'),
      makeOrder({ id: 4, userName: 'Dee' }),
      runDrink(2, 2, 'Bo', 'ordered'),
      runDrink(3, 3, 'Cy', 'in-progress'),
    ];
    setup();
    const waiting = await within(await screen.findByRole('region', { name: 'Waiting Order' })).findByRole('group', {
      name: GROUP,
    });
    expect(
      within(waiting)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Latte for Ann (1/3)', 'Latte for Bo (2/3)']);
    expect(within(waiting).getByText('Bo (2/3)')).toBeInTheDocument();
    expect(within(waiting).getByText(`For ${formatPickupTime(PICKUP_AT, 'Asia/Bangkok')}`)).toBeInTheDocument();
    expect(within(waiting).getByText('2 of 3 drinks')).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: `Start all of ${GROUP}` })).toHaveTextContent('Start all');
    // A drink of nobody's run stays a ticket of its own, outside the group.
    expect(within(lane('Waiting Order')).getByRole('article', { name: 'Latte for Dee' })).toBeInTheDocument();
    expect(within(waiting).queryByRole('article', { name: 'Latte for Dee' })).toBeNull();

    const making = group('In Progress Order');
    expect(within(making).getByRole('article', { name: 'Latte for Cy (3/3)' })).toBeInTheDocument();
    expect(within(making).getByText('1 of 3 drinks')).toBeInTheDocument();
    expect(within(making).getByRole('button', { name: `Ready all of ${GROUP}` })).toBeInTheDocument();
  });

  it("starts the whole run with one request, reads the board again, and keeps the focus on the run's next move", async () => {
    orders = [runDrink(1, 1, 'Ann', 'ordered'), runDrink(2, 2, 'Bo', 'ordered'), runDrink(3, 3, 'Cy', 'ordered')];
    const { user, moves, reads } = setup();
    const start = await within(await screen.findByRole('group', { name: GROUP })).findByRole('button', {
      name: `Start all of ${GROUP}`,
    });
    const readsBefore = reads();
    await user.click(start);
    expect(moves().map((c) => [c.path, c.body])).toEqual([['/order/barista/run/7', { status: 'in-progress' }]]);
    await waitFor(() => expect(within(lane('In Progress Order')).getAllByRole('article')).toHaveLength(3));
    expect(reads()).toBeGreaterThan(readsBefore);
    expect(within(lane('Waiting Order')).queryByRole('group')).toBeNull();
    await waitFor(() =>
      expect(within(group('In Progress Order')).getByRole('button', { name: `Ready all of ${GROUP}` })).toHaveFocus(),
    );
  });

  it('makes the run ready and hands it over with the buttons of its In Progress and Ready groups', async () => {
    orders = [
      runDrink(1, 1, 'Ann', 'in-progress'),
      runDrink(2, 2, 'Bo', 'in-progress'),
      runDrink(3, 3, 'Cy', 'done'),
      makeOrder({ id: 4, userName: 'Dee', status: 'done' }),
    ];
    const { user, moves } = setup();
    await screen.findByRole('region', { name: 'In Progress Order' });
    await user.click(within(group('In Progress Order')).getByRole('button', { name: `Ready all of ${GROUP}` }));
    const ready = await waitFor(() => {
      const shown = group('Ready');
      expect(
        within(shown)
          .getAllByRole('listitem')
          .map((i) => i.getAttribute('aria-label')),
      ).toEqual(['Latte for Ann (1/3)', 'Latte for Bo (2/3)', 'Latte for Cy (3/3)']);
      return shown;
    });
    await user.click(within(ready).getByRole('button', { name: `All picked up: ${GROUP}` }));
    expect(moves().map((c) => [c.path, c.body])).toEqual([
      ['/order/barista/run/7', { status: 'done' }],
      ['/order/barista/run/7', { status: 'picked' }],
    ]);
    await waitFor(() => expect(within(lane('Ready')).queryByRole('group')).toBeNull());
    expect(within(lane('Ready')).getByRole('listitem', { name: 'Latte for Dee' })).toBeInTheDocument();
    // The run has left the board: the focus waits on the lane it left.
    await waitFor(() => expect(within(lane('Ready')).getByRole('heading', { name: 'Ready' })).toHaveFocus());
  });

  it('keeps each drink its own buttons: one drink started, one handed over', async () => {
    orders = [runDrink(1, 1, 'Ann', 'done'), runDrink(2, 2, 'Bo', 'ordered'), runDrink(3, 3, 'Cy', 'in-progress')];
    const { user, moves } = setup();
    const bo = await screen.findByRole('article', { name: 'Latte for Bo (2/3)' });
    await user.click(within(bo).getByRole('button', { name: 'Do' }));
    const ann = within(lane('Ready')).getByRole('listitem', { name: 'Latte for Ann (1/3)' });
    await user.click(within(ann).getByRole('button', { name: 'Handed over' }));
    await waitFor(() => expect(moves()).toHaveLength(2));
    expect(moves().map((c) => [c.path, (c.body as { status: string }).status])).toEqual([
      ['/order/barista/2', 'in-progress'],
      ['/order/barista/1', 'picked'],
    ]);
  });

  it("says so when the run's move is refused, and leaves its drinks where they were", async () => {
    orders = [runDrink(1, 1, 'Ann', 'ordered'), runDrink(2, 2, 'Bo', 'ordered')];
    runAnswer = apiError(403, 'FORBIDDEN', 'Only the staff of this site can do that.');
    const { user } = setup();
    await user.click(
      await within(await screen.findByRole('group', { name: GROUP })).findByRole('button', {
        name: `Start all of ${GROUP}`,
      }),
    );
    expect(await screen.findByText(`${GROUP} was not updated`)).toBeInTheDocument();
    expect(within(group('Waiting Order')).getAllByRole('article')).toHaveLength(2);
  });

  it('hides the moves of the whole run in select mode, where each drink is ticked', async () => {
    orders = [runDrink(1, 1, 'Ann', 'ordered'), runDrink(2, 2, 'Bo', 'ordered')];
    const { user } = setup();
    const waiting = await screen.findByRole('group', { name: GROUP });
    await user.click(screen.getByRole('button', { name: /^Select/ }));
    expect(within(waiting).queryByRole('button', { name: /Start all/ })).toBeNull();
    expect(within(waiting).getByRole('checkbox', { name: 'Select Latte for Bo (2/3)' })).toBeInTheDocument();
  });

  it("offers Start all in the Later lane for today's run, not for a later day's, which is made on its day", async () => {
    const soon = new Date(Date.now() + 60_000).toISOString();
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const later = (id: number, runId: number, runner: string, pickupAt: string) =>
      makeOrder({
        id,
        status: 'scheduled',
        userName: runner,
        user: { id: 100 + id, name: runner },
        pickupAt,
        run: { id: runId, place: 'Meeting room 3', runner: { id: 100 + id, name: runner }, position: 1, of: 1 },
      });
    orders = [later(1, 8, 'Tam', soon), later(2, 9, 'Uma', inTwoDays)];
    setup();
    const laterLane = await screen.findByRole('region', { name: /^Later/ });
    const todays = await within(laterLane).findByRole('group', { name: "Tam's run for Meeting room 3" });
    expect(within(todays).getByRole('button', { name: "Start all of Tam's run for Meeting room 3" })).toBeVisible();
    const laterDays = within(laterLane).getByRole('group', { name: "Uma's run for Meeting room 3" });
    expect(within(laterDays).queryByRole('button')).toBeNull();
  });
});
