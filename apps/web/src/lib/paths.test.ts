import { describe, expect, it } from 'vitest';
import { homePath, isPathAllowed, landingPath, logoPath, needsOpenVenue, paths, runIdOf } from './paths';

const barOnly = { isBarOpen: true, isCafeOpen: false };
const cafeOnly = { isBarOpen: false, isCafeOpen: true };
const closed = { isBarOpen: false, isCafeOpen: false };

describe('landingPath (where each role lands after signing in)', () => {
  it('sends admins by venue state', () => {
    expect(landingPath('admin', barOnly, 'startup')).toBe('/order_bar');
    expect(landingPath('admin', cafeOnly, 'startup')).toBe('/menuCafe-admin');
    expect(landingPath('admin', cafeOnly, 'login')).toBe('/menuCafe-admin');
    expect(landingPath('admin', closed, 'login')).toBe('/close-all-admin');
  });

  it('sends users to the cafe menu at start-up but to My Order after login', () => {
    expect(landingPath('user', barOnly, 'startup')).toBe('/order_bar');
    expect(landingPath('user', cafeOnly, 'startup')).toBe('/menucafe');
    expect(landingPath('user', cafeOnly, 'login')).toBe('/statusOrder');
    expect(landingPath('user', closed, 'startup')).toBe('/close-all');
  });

  it('always sends baristas to the order board', () => {
    for (const status of [barOnly, cafeOnly, closed]) {
      expect(landingPath('barista', status, 'startup')).toBe('/ordering');
      expect(landingPath('barista', status, 'login')).toBe('/ordering');
    }
  });

  it('treats both flags on as closed (not a shop mode)', () => {
    expect(landingPath('user', { isBarOpen: true, isCafeOpen: true }, 'login')).toBe('/close-all');
  });
});

describe('logoPath', () => {
  it('follows the venue state with the role variant', () => {
    expect(logoPath('user', barOnly)).toBe('/order_bar');
    expect(logoPath('user', cafeOnly)).toBe('/statusOrder');
    expect(logoPath('user', closed)).toBe('/close-all');
    expect(logoPath('admin', barOnly)).toBe('/order_bar');
    expect(logoPath('admin', cafeOnly)).toBe('/statusOrder-admin');
    expect(logoPath('admin', closed)).toBe('/close-all-admin');
    expect(logoPath('barista', cafeOnly)).toBe('/ordering');
  });
});

describe('homePath', () => {
  it('is the error screen\'s "Back to home" target', () => {
    expect(homePath('admin')).toBe('/statusOrder-admin');
    expect(homePath('user')).toBe('/statusOrder');
    expect(homePath('barista')).toBe('/ordering');
  });
});

describe('isPathAllowed', () => {
  it("accepts the role's own routes and public ones", () => {
    expect(isPathAllowed('user', '/statusOrder')).toBe(true);
    expect(isPathAllowed('user', '/form/Latte/3?x=1')).toBe(true);
    expect(isPathAllowed('admin', '/userManagement')).toBe(true);
    expect(isPathAllowed('barista', '/menuManagement/Coffee/2')).toBe(true);
    expect(isPathAllowed('barista', '/team-credit')).toBe(true);
  });

  it('accepts the profile for every role, and the outbox health for admins only', () => {
    for (const role of ['user', 'admin', 'barista'] as const) expect(isPathAllowed(role, '/profile')).toBe(true);
    expect(isPathAllowed('admin', '/notifications-admin')).toBe(true);
    expect(isPathAllowed('user', '/notifications-admin')).toBe(false);
    expect(isPathAllowed('barista', '/notifications-admin')).toBe(false);
  });

  it('takes every role back to a shared coffee run after signing in', () => {
    for (const role of ['user', 'admin', 'barista'] as const) {
      expect(isPathAllowed(role, '/runs')).toBe(true);
      expect(isPathAllowed(role, '/runs/12')).toBe(true);
    }
    expect(isPathAllowed('user', '/runs/12/extra')).toBe(false);
  });

  it("refuses other roles' routes, the auth screens and outside addresses", () => {
    expect(isPathAllowed('user', '/ordering')).toBe(false);
    expect(isPathAllowed('barista', '/statusOrder')).toBe(false);
    expect(isPathAllowed('admin', '/statusOrder')).toBe(false);
    expect(isPathAllowed('user', '/login')).toBe(false);
    expect(isPathAllowed('user', '//evil.example/x')).toBe(false);
    expect(isPathAllowed('user', 'https://evil.example')).toBe(false);
  });
});

describe('needsOpenVenue', () => {
  it('covers menus and order forms only', () => {
    expect(needsOpenVenue('/menuCafe')).toBe(true);
    expect(needsOpenVenue('/menubar-admin')).toBe(true);
    expect(needsOpenVenue('/form/Latte/3')).toBe(true);
    expect(needsOpenVenue('/statusOrder')).toBe(false);
    expect(needsOpenVenue('/ordered')).toBe(false);
    expect(needsOpenVenue('/')).toBe(false);
  });
});

describe('path builders', () => {
  it('encode the parameters and write an empty bar description as "-"', () => {
    expect(paths.user.form('Iced Latte', 3)).toBe('/form/Iced%20Latte/3');
    expect(paths.admin.formBar('Mojito', 9, '')).toBe('/form-bar-admin/Mojito/9/-');
    expect(paths.barista.categoryMenu('Tea & more', 2)).toBe('/menuManagement/Tea%20%26%20more/2');
    expect(paths.run(12)).toBe('/runs/12');
    expect(paths.withRun(paths.user.form('Latte', 3), 12)).toBe('/form/Latte/3?run=12');
  });

  it('read a run from the search only when it is an id', () => {
    expect(runIdOf(new URLSearchParams('run=12'))).toBe(12);
    for (const search of ['', 'run=', 'run=0', 'run=-3', 'run=1.5', 'run=abc', 'run=99999999999999999']) {
      expect(runIdOf(new URLSearchParams(search)), search).toBeUndefined();
    }
  });
});
