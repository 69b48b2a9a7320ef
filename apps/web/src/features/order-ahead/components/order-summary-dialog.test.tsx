import { MESSAGES } from '@cafe/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOrderDraft, type OrderDraft } from '@/features/order-ahead/stores/order-draft';
import { makeHistoryOrder } from '@/features/order-ahead/test/fixtures';
import { setBrowserOnline } from '@/test/network';
import { sitesQueryOptions } from '@/api/sites';
import { apiError, mockApi, renderWithProviders, seedSettings, signIn, type RecordedCall } from '@/test/render';
import { BERLIN_OFFICE, HEAD_OFFICE } from '@/test/sites';
import { doorRefusal, menuVerdicts } from '@/features/order-ahead/test/fixtures';
import { OrderSummaryDialog } from './order-summary-dialog';

/** The out-of-range alert the specification gives in Thai, in the English interface (src/locales/en/common.po). */
const OUT_OF_RANGE = "Please come to the cafe before you order, so you do not hold up other people's queue";

const DRAFT: OrderDraft = {
  venue: 'cafe',
  menu_id: 3,
  menu_name: 'Latte',
  type: 'cold',
  sweetness: 75,
  remark: 'oat milk',
  tumblerImage: '/api/images/cup.jpg',
};

/** At the test cafe (TEST_SETTINGS), or some 7 km away from it. */
const AT_THE_CAFE = { latitude: 13.7466, longitude: 100.5393 };
const FAR_AWAY = { latitude: 13.7, longitude: 100.5 };

function stubPosition(result: 'at-the-cafe' | 'far-away' | 'denied' | 'missing') {
  if (result === 'missing') {
    vi.stubGlobal('navigator', { ...navigator, geolocation: undefined });
    return;
  }
  const geolocation = {
    getCurrentPosition: vi.fn((ok: PositionCallback, fail: PositionErrorCallback) => {
      if (result === 'at-the-cafe') ok({ coords: AT_THE_CAFE } as GeolocationPosition);
      else if (result === 'far-away') ok({ coords: FAR_AWAY } as GeolocationPosition);
      else fail({ code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: 'denied' });
    }),
  };
  vi.stubGlobal('navigator', { ...navigator, geolocation });
  return geolocation;
}

/** The placements sent (the screen also reads the person's site and busy mode). */
const orderPosts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/order');

function renderDialog() {
  renderWithProviders(<OrderSummaryDialog open onOpenChange={vi.fn()} draft={DRAFT} />);
}

describe('OrderSummaryDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the order and the tumbler warning before placing', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Your order' });
    expect(dialog).toHaveTextContent('Latte');
    expect(dialog).toHaveTextContent('Cold');
    expect(dialog).toHaveTextContent('75%');
    expect(dialog).toHaveTextContent('oat milk');
    expect(screen.getByRole('img', { name: 'Your tumbler' })).toHaveAttribute('src', DRAFT.tumblerImage);
    expect(dialog).toHaveTextContent(MESSAGES.tumblerWarning);
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeInTheDocument();
  });

  it('offline, keeps Place order disabled with the reason instead of failing', async () => {
    stubPosition('at-the-cafe');
    const { calls } = mockApi({});
    renderDialog();
    setBrowserOnline(false);
    const place = screen.getByRole('button', { name: 'Place order' });
    expect(place).toBeDisabled();
    expect(place).toHaveAccessibleDescription('You are offline');
    await userEvent.click(place);
    expect(orderPosts(calls)).toHaveLength(0);

    setBrowserOnline(true);
    expect(place).toBeEnabled();
  });

  it('shows the out-of-range alert without calling the server when the person is beyond the radius', async () => {
    stubPosition('far-away');
    const { calls } = mockApi({ 'GET /sites': [HEAD_OFFICE] });
    const { queryClient } = renderWithProviders(<OrderSummaryDialog open onOpenChange={vi.fn()} draft={DRAFT} />);
    // Measured against the person's site, as GET /sites gives it.
    await waitFor(() => expect(queryClient.getQueryData(sitesQueryOptions().queryKey)).toBeDefined());
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(OUT_OF_RANGE)).toBeInTheDocument();
    expect(orderPosts(calls)).toHaveLength(0);
  });

  it("measures the position against the person's own site, not the first one", async () => {
    signIn({ role: 'user', homeSiteId: BERLIN_OFFICE.id });
    const inBerlin = { latitude: BERLIN_OFFICE.latitude, longitude: BERLIN_OFFICE.longitude };
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: inBerlin } as GeolocationPosition) },
    });
    const berlinOpen = { ...BERLIN_OFFICE, status: { isCafeOpen: true, isBarOpen: false } };
    const { calls } = mockApi({
      'GET /sites': [HEAD_OFFICE, berlinOpen],
      'POST /order': apiError(409, 'ORDER_LIMIT_REACHED', MESSAGES.orderLimit),
    });
    const { queryClient } = renderWithProviders(<OrderSummaryDialog open onOpenChange={vi.fn()} draft={DRAFT} />);
    await waitFor(() => expect(queryClient.getQueryData(sitesQueryOptions().queryKey)).toBeDefined());
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    // Asked of the server (here refused for another reason), not stopped as too far from Bangkok.
    await waitFor(() => expect(orderPosts(calls)).toHaveLength(1));
    expect(orderPosts(calls)[0]?.body).toMatchObject(inBerlin);
    expect(screen.queryByText(OUT_OF_RANGE)).toBeNull();
  });

  it('says busy mode pauses orders before asking for the position, and sends nothing', async () => {
    const geolocation = stubPosition('at-the-cafe');
    const paused = doorRefusal('ORDERS_PAUSED', 'people.refusal.pausedManual');
    const { calls } = mockApi({
      // The door's verdict on the drink: busy mode holds it up for now.
      'GET /menu/verdicts': menuVerdicts([DRAFT.menu_id], { venue: paused }),
    });
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    // The door's words (the people catalogue, from its message id), as the placement would answer.
    expect(
      await screen.findByText(
        'The cafe has paused online orders for a moment. Please try again in a few minutes, or order at the counter.',
      ),
    ).toBeInTheDocument();
    expect(geolocation?.getCurrentPosition).not.toHaveBeenCalled();
    expect(orderPosts(calls)).toHaveLength(0);
  });

  it('sends the position and shows the out-of-range alert when the server finds it too far away', async () => {
    stubPosition('at-the-cafe');
    const { calls } = mockApi({ 'POST /order': apiError(403, 'OUT_OF_RANGE') });
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(OUT_OF_RANGE)).toBeInTheDocument();
    expect(orderPosts(calls)[0]?.body).toMatchObject(AT_THE_CAFE);
  });

  it('stays open when the pickup time filled up or passed meanwhile, saying so, so another can be chosen', async () => {
    stubPosition('at-the-cafe');
    const onOpenChange = vi.fn();
    const later = { ...DRAFT, pickupAt: '2099-03-03T03:30:00.000Z' };
    const answers = [
      apiError(409, 'SLOT_FULL', 'That pickup time is full. Please choose another one.', {
        messageId: 'people.refusal.slotFull',
      }),
      apiError(400, 'VALIDATION', 'That pickup time is too soon. Choose a later one.', {
        messageId: 'people.refusal.slotTooSoon',
      }),
    ];
    const { calls } = mockApi({ 'POST /order': () => answers.shift()! });
    renderWithProviders(<OrderSummaryDialog open onOpenChange={onOpenChange} draft={later} />);
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('That pickup time is full. Please choose another one.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    // The server's own words for the time it refused.
    expect(await screen.findByText('That pickup time is too soon. Choose a later one.')).toBeInTheDocument();
    const placed = calls.filter((c) => c.method === 'POST');
    expect(placed).toHaveLength(2);
    expect(placed[0]?.body).toMatchObject({ pickupAt: later.pickupAt });
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('asks to share the location when permission was refused', async () => {
    stubPosition('denied');
    const { calls } = mockApi({});
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(MESSAGES.locationPermission)).toBeInTheDocument();
    expect(orderPosts(calls)).toHaveLength(0);
  });

  it('says when the browser has no geolocation', async () => {
    stubPosition('missing');
    mockApi({});
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(MESSAGES.geolocationUnsupported)).toBeInTheDocument();
  });

  it('asks for no position where the server does not check it', async () => {
    seedSettings({ locationCheck: false });
    const geolocation = stubPosition('denied');
    const { calls } = mockApi({ 'POST /order': apiError(409, 'ORDER_LIMIT_REACHED') });
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(orderPosts(calls)).toHaveLength(1));
    expect(orderPosts(calls)[0]?.body).not.toHaveProperty('latitude');
    expect(geolocation?.getCurrentPosition).not.toHaveBeenCalled();
  });

  it('keeps the Idempotency-Key while the drink stays the same, and makes a new one when it changes', () => {
    useOrderDraft.getState().setMenu(DRAFT);
    const key = useOrderDraft.getState().placementKey;
    useOrderDraft.getState().setMenu({ ...DRAFT });
    expect(useOrderDraft.getState().placementKey).toBe(key);
    useOrderDraft.getState().setMenu({ ...DRAFT, sweetness: 50 });
    expect(useOrderDraft.getState().placementKey).not.toBe(key);
    useOrderDraft.getState().clear();
  });

  it('sends the same Idempotency-Key when the same draft is placed again after a lost answer, a new one for another drink', async () => {
    seedSettings({ locationCheck: false });
    useOrderDraft.getState().setMenu(DRAFT);
    let attempt = 0;
    const { calls } = mockApi((call) => {
      if (call.method !== 'POST' || call.path !== '/order') return undefined;
      attempt += 1;
      // The first answer never reaches the phone (the order may still have been saved).
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return { status: 201, body: makeHistoryOrder({ status: 'ordered' }) };
    });
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(orderPosts(calls)).toHaveLength(1));
    expect((await screen.findAllByText('Order failed!')).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(orderPosts(calls)).toHaveLength(2));

    const first = orderPosts(calls)[0]?.headers['Idempotency-Key'];
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(orderPosts(calls)[1]?.headers['Idempotency-Key']).toBe(first);

    // Placed: the draft is done with; the same drink ordered again is a new order with a new key.
    expect(useOrderDraft.getState().placementKey).toBeNull();
    useOrderDraft.getState().setMenu({ ...DRAFT });
    expect(useOrderDraft.getState().placementKey).not.toBe(first);
    useOrderDraft.getState().clear();
  });
});
