import { MESSAGES } from '@cafe/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { patterns } from '@/lib/paths';
import { mockApi, renderRoute, seedSettings, signIn } from '@/test/render';
import { BarFormRoute } from './bar-form-route';
import { CafeFormRoute } from './cafe-form-route';

vi.mock('@/lib/socket', () => ({ useLiveEvent: vi.fn(), useOnReconnect: vi.fn() }));

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

describe('BarFormRoute', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('does not offer the form while online bar ordering is off: the cocktail page shows at once', async () => {
    const geolocation = stubFarAway();
    mockApi({});
    signIn({ isCafeOpen: false, isBarOpen: true });
    renderRoute(BarFormRoute, patterns.user.formBar, MOJITO);
    expect(await screen.findByText(MESSAGES.cocktailOffline)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(geolocation.getCurrentPosition).not.toHaveBeenCalled();
  });

  it('offers the form, with the distance from the cafe, while the bar takes online orders', async () => {
    stubFarAway();
    mockApi({});
    seedSettings({ barOnlineOrdering: true });
    signIn({ isCafeOpen: false, isBarOpen: true });
    renderRoute(BarFormRoute, patterns.user.formBar, MOJITO);
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
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
    mockApi({});
    signIn({ isCafeOpen: false, isBarOpen: false });
    renderRoute(CafeFormRoute, patterns.user.form, '/form/Latte/3');
    const closed = (await screen.findByText(/The cafe is closed right now/)).closest('[role="alert"]');
    expect(closed).toHaveTextContent('Back to menu');
  });
});
