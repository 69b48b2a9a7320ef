import type { Category, OrderingStatus, Run } from '@cafe/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useOrderDraft } from '@/features/order-ahead/stores/order-draft';
import { makeOrder } from '@/features/order-ahead/test/fixtures';
import { apiError, mockApi, renderRoutes, seedSettings, signIn, stubScreen, type RecordedCall } from '@/test/render';
import { HEAD_OFFICE } from '@/test/sites';
import { CafeFormRoute } from './cafe-form-route';
import { MenuCafeRoute } from './menu-cafe-route';

/*
 * A drink for a coffee run: chosen on the cafe menu opened from the run (`?run=5`), then the usual
 * form with the run's pickup time fixed and the cup asked; it is placed with the run's id and cup.
 */

const RUN: Run = {
  id: 5,
  site: { id: 1, name: 'Head office' },
  runner: { id: 3, name: 'Ann' },
  place: 'Meeting room 3',
  pickupAt: '2026-11-18T04:00:00.000Z',
  closesAt: '2026-11-18T03:40:00.000Z',
  closedAt: null,
  state: 'open',
  ready: false,
  collected: false,
  over: false,
  updatedAt: '2026-11-18T03:00:00.000Z',
  drinks: [],
};

const MENU: Category[] = [
  {
    id: 1,
    name: 'Coffee',
    categoryFor: 'cafe',
    kind: 'coffee',
    isAvailable: 'available',
    menu: [
      {
        id: 3,
        name: 'Latte',
        description: '-',
        category_id: 1,
        isActive: 'active',
        isAvailable: 'available',
        atSite: { siteId: 1, available: true, soldOut: false, soldOutUntil: null },
      },
    ],
  },
];

const orderPosts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/order');

function renderForm(answers: Record<string, unknown> = {}) {
  const api = mockApi({ 'GET /sites': [HEAD_OFFICE], 'GET /category': MENU, 'GET /runs/5': RUN, ...answers });
  const rendered = renderRoutes(
    [{ path: '/form/:menuName/:menuId', Component: CafeFormRoute }, stubScreen('/runs/:runId')],
    '/form/Latte/3?run=5',
  );
  return { ...api, ...rendered, user: userEvent.setup() };
}

/** Cold, 25%, in the runner's tray; Next. */
async function fillForTray(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: "In the runner's tray" }));
  await user.click(screen.getByRole('radio', { name: 'Cold' }));
  await user.click(screen.getByRole('radio', { name: '25%' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  return screen.findByRole('dialog', { name: 'Your order' });
}

describe('a drink for a coffee run', () => {
  beforeEach(() => {
    useOrderDraft.getState().clear();
    signIn({ role: 'user', homeSiteId: 1, isCafeOpen: true });
    seedSettings({ locationCheck: false });
  });

  it('is chosen on the cafe menu opened from the run, which says so and carries the run to the form', async () => {
    mockApi({
      'GET /sites': [HEAD_OFFICE],
      'GET /category': MENU,
      'GET /runs/5': RUN,
      'GET /order/count/user': { totalOrder: 0 },
    });
    const { router } = renderRoutes(
      [{ path: '/menuCafe', Component: MenuCafeRoute }, stubScreen('/form/:menuName/:menuId')],
      '/menuCafe?run=5',
    );
    expect(
      await screen.findByText(/Your drink goes with the run to Meeting room 3, pickup 11:00\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the run' })).toHaveAttribute('href', '/runs/5');
    await userEvent.click(await screen.findByRole('button', { name: /^Latte/ }));
    expect(router.state.location).toMatchObject({ pathname: '/form/Latte/3', search: '?run=5' });
  });

  it('is an order for later: busy mode, which holds up drinks for now, does not grey the menu out', async () => {
    const paused: OrderingStatus = {
      paused: true,
      reason: 'manual',
      waiting: 9,
      estimatedWaitMinutes: null,
      limits: { maxWaiting: null, maxWaitMinutes: null },
      message: 'Paused for a moment',
    };
    mockApi({
      'GET /sites': [HEAD_OFFICE],
      'GET /category': MENU,
      'GET /runs/5': RUN,
      'GET /order/count/user': { totalOrder: 0 },
      'GET /ordering-status': paused,
    });
    renderRoutes([{ path: '/menuCafe', Component: MenuCafeRoute }], '/menuCafe?run=5');
    await screen.findByText(/Your drink goes with the run/);
    // Once the pause is known (its notice shows), the drink is still there to choose.
    await screen.findByText(
      'The cafe has paused online orders for a moment. Please try again in a few minutes, or order at the counter.',
    );
    const latte = await screen.findByRole('button', { name: /^Latte/ });
    expect(latte).toBeEnabled();
    expect(latte).not.toHaveTextContent('Orders paused');
  });

  it("fixes the pickup at the run's time and asks for the cup instead", async () => {
    renderForm();
    expect(await screen.findByText('11:00, with the run to Meeting room 3')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'As soon as possible' })).toBeNull();
    const cup = screen.getByRole('group', { name: 'Cup' });
    expect(within(cup).getByRole('radio', { name: 'My tumbler' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Upload a photo' })).toBeInTheDocument();
  });

  it('still asks for the photo of a drink in the tumbler', async () => {
    const { user } = renderForm();
    await user.click(await screen.findByRole('radio', { name: 'Cold' }));
    await user.click(screen.getByRole('radio', { name: '25%' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Add a photo of your tumbler')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Your order' })).toBeNull();
  });

  it("needs no photo in the runner's tray, and is placed with the run's id and cup, back to the run", async () => {
    const { calls, user, router } = renderForm({
      'POST /order': {
        ...makeOrder({ id: 77, status: 'scheduled', queue_at: null, pickupAt: RUN.pickupAt }),
        dailyCount: 1,
      },
    });
    expect(screen.queryByRole('button', { name: 'Upload a photo' })).toBeNull();
    const dialog = await fillForTray(user);
    expect(screen.queryByRole('button', { name: 'Upload a photo' })).toBeNull();
    expect(dialog).toHaveTextContent('Coffee runMeeting room 3');
    expect(dialog).toHaveTextContent("CupIn the runner's tray");
    expect(dialog).toHaveTextContent('Pickup at 11:00');
    expect(within(dialog).queryByRole('img', { name: 'Your tumbler' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/runs/5'));
    expect(orderPosts(calls)[0]?.body).toEqual({
      menu_id: 3,
      menu_name: 'Latte',
      type: 'cold',
      sweetness: 25,
      remark: '-',
      runId: 5,
      cup: 'tray',
    });
  });

  it('says in the summary when the run closed meanwhile, and stays', async () => {
    const { user } = renderForm({
      'POST /order': apiError(409, 'RUN_CLOSED', 'closed', { messageId: 'people.refusal.runClosed' }),
    });
    const dialog = await fillForTray(user);
    await user.click(within(dialog).getByRole('button', { name: 'Place order' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This coffee run has closed. Order your drink on your own instead.',
    );
  });

  it('offers no form for a run that has closed, and leads back to it', async () => {
    renderForm({ 'GET /runs/5': { ...RUN, state: 'closed' } });
    expect(await screen.findByText(/This run has closed: no more drinks can be added\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Back to the run' })[0]).toHaveAttribute('href', '/runs/5');
  });
});
