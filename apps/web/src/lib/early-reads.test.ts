import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/fake-api';
import { paths } from './paths';

const ME = { id: 7, email: 'mali@example.com', name: 'Mali', role: 'user' };
const MENU = [{ id: 1, name: 'Coffee', categoryFor: 'cafe', isAvailable: 'available', menu: [] }];

/** Fresh modules: the early reads are kept for the page's lifetime. */
async function load() {
  vi.resetModules();
  const early = await import('./early-reads');
  const client = await import('./api-client');
  return { ...early, ...client };
}

describe('reads started before the app has loaded', () => {
  beforeEach(() => {
    localStorage.setItem('access_token', 'acc');
  });

  it('are asked for the cafe menu wherever the router shows it', async () => {
    const { CAFE_MENU_PATHS } = await load();
    expect([...CAFE_MENU_PATHS].sort()).toEqual(
      [paths.home, paths.user.menuCafe, paths.user.menucafe, paths.admin.menuCafe].sort(),
    );
  });

  it('ask once: the app takes the answers instead of asking again', async () => {
    const api = mockApi({ 'GET /user/me': ME, 'GET /category': MENU, 'GET /order/count/user': { totalOrder: 1 } });
    const { startEarlyReads, apiServerChecked } = await load();
    startEarlyReads(paths.user.menuCafe);
    expect(api.calls.map((c) => c.path)).toEqual(['/user/me', '/category', '/order/count/user']);
    expect(api.calls[0]?.headers).toEqual({ Authorization: 'Bearer acc' });

    expect(await apiServerChecked('/user/me')).toEqual(ME);
    expect(await apiServerChecked('/category', { query: { categoryFor: 'cafe' } })).toEqual(MENU);
    expect(api.calls).toHaveLength(3);
    // Taken once: a later read asks the server.
    await apiServerChecked('/user/me');
    expect(api.calls).toHaveLength(4);
  });

  it('read nothing personal for a visitor, and only the menu where it is shown', async () => {
    localStorage.clear();
    const api = mockApi({ 'GET /category': MENU });
    const { startEarlyReads } = await load();
    startEarlyReads(paths.login);
    expect(api.calls).toEqual([]);
    startEarlyReads(paths.home);
    expect(api.calls.map((c) => `${c.path}?${c.search.toString()}`)).toEqual(['/category?categoryFor=cafe']);
    expect(api.calls[0]?.headers).toEqual({});
  });

  it('are asked again when the tokens changed in between', async () => {
    const api = mockApi({ 'GET /user/me': ME });
    const { startEarlyReads, apiServerChecked } = await load();
    startEarlyReads(paths.user.statusOrder);
    localStorage.setItem('access_token', 'renewed');
    await apiServerChecked('/user/me');
    expect(api.calls.map((c) => c.headers.Authorization)).toEqual(['Bearer acc', 'Bearer renewed']);
  });
});
