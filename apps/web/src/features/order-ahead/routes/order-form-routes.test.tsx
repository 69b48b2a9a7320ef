import { MESSAGES } from '@cafe/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { patterns } from '@/lib/paths';
import { menuVerdictsQueryOptions } from '@/features/order-ahead/api/get-menu-verdicts';
import { doorRefusal, menuVerdicts, REFUSED } from '@/features/order-ahead/test/fixtures';
import { mockApi, renderRoute, seedSettings, signIn } from '@/test/render';
import { BarFormRoute } from './bar-form-route';
import { CafeFormRoute } from './cafe-form-route';

/** 3.2 km north of the test cafe. */
const FAR_AWAY = { latitude: 13.7466 + 3.2 / 111.195, longitude: 100.5393 };

function stubFarAway() {
  const geolocation = {
    getCurrentPosition: vi.fn((ok: PositionCallback) => ok({ coords: FAR_AWAY } as GeolocationPosition)),
  };
  vi.stubGlobal('navigator', { ...navigator, geolocation, permissions: undefined });
  return geolocation;
}

const MOJITO = `/form-bar/Mojito/21/${encodeURIComponent('Rum, lime, mint and soda')}`;

/** The door's answer for the Latte (3) or the Mojito (21). */
const door = (venue: 'cafe' | 'bar', refused: Parameters<typeof menuVerdicts>[1] = {}) => ({
  'GET /menu/verdicts': menuVerdicts([venue === 'cafe' ? 3 : 21], refused),
});

describe('BarFormRoute', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('does not offer the form while online bar ordering is off: the cocktail page shows at once', async () => {
    const geolocation = stubFarAway();
    mockApi(door('bar', { venue: REFUSED.barOnline }));
    signIn({ isCafeOpen: false, isBarOpen: true });
    renderRoute(BarFormRoute, patterns.user.formBar, MOJITO);
    expect(await screen.findByText(MESSAGES.cocktailOffline)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(geolocation.getCurrentPosition).not.toHaveBeenCalled();
  });

  it('offers the form, with the distance from the cafe, while the bar takes online orders', async () => {
    stubFarAway();
    mockApi(door('bar'));
    seedSettings({ barOnlineOrdering: true });
    signIn({ isCafeOpen: false, isBarOpen: true });
    renderRoute(BarFormRoute, patterns.user.formBar, MOJITO);
    expect(await screen.findByRole('button', { name: 'Next' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You are 3.2 km from the cafe; ordering works within 1 km.',
    );
  });
});

describe('CafeFormRoute', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says how far away the person is when the form opens, before anything is filled in', async () => {
    stubFarAway();
    mockApi({});
    signIn();
    renderRoute(CafeFormRoute, patterns.user.form, '/form/Latte/3');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You are 3.2 km from the cafe; ordering works within 1 km.',
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });

  it('says the cafe is closed at the top of the form, with the way back to the menu', async () => {
    stubFarAway();
    mockApi(door('cafe', { venue: REFUSED.cafeClosed }));
    signIn({ isCafeOpen: false, isBarOpen: false });
    renderRoute(CafeFormRoute, patterns.user.form, '/form/Latte/3');
    const closed = (await screen.findByText(/The cafe is closed right now/)).closest('[role="alert"]');
    expect(closed).toHaveTextContent('Back to menu');
  });
});

describe('the order form and the door', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says the door's reason for this very drink at the top, in the person's language", async () => {
    stubFarAway();
    const soldOut = doorRefusal('MENU_UNAVAILABLE', 'people.refusal.soldOutUntil', {
      item: 'Latte',
      site: 'Head office',
      time: '14:00',
    });
    mockApi(door('cafe', { items: { 3: { now: soldOut, later: soldOut } } }));
    signIn();
    renderRoute(CafeFormRoute, patterns.user.form, '/form/Latte/3');
    const notice = (await screen.findByText(/Latte is sold out at Head office until 14:00/)).closest('[role="alert"]');
    expect(notice).toHaveTextContent('Please choose another drink. Back to menu');
  });

  it('says nothing at the top while the door takes the drink', async () => {
    stubFarAway();
    mockApi(door('cafe'));
    signIn();
    const { queryClient } = renderRoute(CafeFormRoute, patterns.user.form, '/form/Latte/3');
    const { queryKey } = menuVerdictsQueryOptions('cafe');
    await vi.waitFor(() => expect(queryClient.getQueryState(queryKey)?.status).toBe('success'));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are 3.2 km from the cafe');
    // The distance is the only notice.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
