import type { OrderingStatus } from '@cafe/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '@/lib/paths';
import { mockApi, renderRoute, signIn } from '@/test/render';
import { HEAD_OFFICE } from '@/test/sites';
import { WAITING } from '@/test/waits';
import { StatusOrderRoute } from './status-order-route';

/* My Order shows the person's cups saved (GET /order/cups-saved/user) beside the day's drinks. */

const OPEN: OrderingStatus = {
  paused: false,
  reason: null,
  waiting: 0,
  estimatedWaitMinutes: null,
  limits: { maxWaiting: null, maxWaitMinutes: null },
  message: null,
};

function serve(cups?: unknown) {
  return mockApi({
    'GET /sites': [HEAD_OFFICE],
    'GET /category': [],
    'GET /order/count/user': { totalOrder: 0 },
    'GET /ordering-status': OPEN,
    'GET /order/my-queue': [],
    'GET /order/history/user': [],
    'GET /standing-orders': [],
    ...(cups === undefined ? {} : { 'GET /order/cups-saved/user': cups }),
  });
}

const MINE = { thisMonth: 2, allTime: 41, factors: { wasteGramsPerCup: 11.5, co2GramsPerCup: 33 } };

describe('My Order: cups saved', () => {
  it("shows the person's cups saved this month and all time", async () => {
    signIn({ role: 'user', homeSiteId: 1 });
    serve(MINE);
    renderRoute(StatusOrderRoute, paths.user.statusOrder, paths.user.statusOrder);
    expect(await screen.findByText('Cups saved: 2 this month · 41 all time')).toBeInTheDocument();
    expect(screen.getByText('Each drink in your own tumbler saves a disposable cup')).toBeInTheDocument();
  });

  it("shows an admin's on the admin's My Order", async () => {
    signIn({ role: 'admin', homeSiteId: 1 });
    serve(MINE);
    renderRoute(StatusOrderRoute, paths.admin.statusOrder, paths.admin.statusOrder);
    expect(await screen.findByText('Cups saved: 2 this month · 41 all time')).toBeInTheDocument();
  });

  it('leaves the line out when the count cannot be read, the orders still shown', async () => {
    signIn({ role: 'user', homeSiteId: 1 });
    const { calls } = serve();
    renderRoute(StatusOrderRoute, paths.user.statusOrder, paths.user.statusOrder);
    expect(await screen.findByText('No drinks on the way')).toBeInTheDocument();
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/order/cups-saved/user')).toBe(true), WAITING);
    await vi.waitFor(() => expect(screen.queryByText(/Cups saved/)).not.toBeInTheDocument(), WAITING);
  });
});
