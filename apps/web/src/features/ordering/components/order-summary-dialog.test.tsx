import { MESSAGES } from '@cafe/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDraft } from '../stores/order-draft';
import { apiFailure, fakeFetch, renderWithProviders } from '../testing/fixtures';
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

function stubPosition(result: 'granted' | 'denied' | 'missing') {
  if (result === 'missing') {
    vi.stubGlobal('navigator', { ...navigator, geolocation: undefined });
    return;
  }
  const geolocation = {
    getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) => {
      if (result === 'granted') ok({ coords: { latitude: 13.7, longitude: 100.5 } } as GeolocationPosition);
      else fail({ code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: 'denied' });
    },
  };
  vi.stubGlobal('navigator', { ...navigator, geolocation });
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

  it('shows the Thai alert when the server finds the position too far away', async () => {
    stubPosition('granted');
    vi.stubGlobal('fetch', fakeFetch({ 'POST /api/order': apiFailure(403, 'OUT_OF_RANGE') }));
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(MESSAGES.outOfRangeThai)).toBeInTheDocument();
  });

  it('asks to share the location when permission was refused', async () => {
    stubPosition('denied');
    vi.stubGlobal('fetch', fakeFetch({ 'POST /api/order': apiFailure(403, 'OUT_OF_RANGE') }));
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(MESSAGES.locationPermission)).toBeInTheDocument();
  });

  it('says when the browser has no geolocation', async () => {
    stubPosition('missing');
    vi.stubGlobal('fetch', fakeFetch({ 'POST /api/order': apiFailure(403, 'OUT_OF_RANGE') }));
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(MESSAGES.geolocationUnsupported)).toBeInTheDocument();
  });
});
