import { MESSAGES } from '@cafe/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDraft } from '@/features/order-ahead/stores/order-draft';
import { apiError, mockApi, renderWithProviders, seedSettings } from '@/test/render';
import { OrderSummaryDialog } from './order-summary-dialog';

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

  it('shows the Thai alert without calling the server when the person is beyond the radius', async () => {
    stubPosition('far-away');
    const { calls } = mockApi({});
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(MESSAGES.outOfRangeThai)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the position and shows the Thai alert when the server finds it too far away', async () => {
    stubPosition('at-the-cafe');
    const { calls } = mockApi({ 'POST /order': apiError(403, 'OUT_OF_RANGE') });
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(MESSAGES.outOfRangeThai)).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject(AT_THE_CAFE);
  });

  it('asks to share the location when permission was refused', async () => {
    stubPosition('denied');
    const { calls } = mockApi({});
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(MESSAGES.locationPermission)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
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
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).not.toHaveProperty('latitude');
    expect(geolocation?.getCurrentPosition).not.toHaveBeenCalled();
  });
});
