import type { Site, SiteBarista } from '@cafe/shared';
import { siteOf } from '@/test/sites';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { live } from '@/test/fake-live';
import { apiError, mockApi, renderWithProviders, signIn, type RecordedCall } from '@/test/render';
import { SitesAdminRoute } from './sites-admin-route';

/*
 * Sites (/sites-admin): an admin lists, adds, edits and archives the company's sites and says who
 * works at each (docs/api.md "Sites").
 */

const HEAD_OFFICE = siteOf(1, 'Head office');
const TOWER_B = siteOf(2, 'Tower B', { timeZone: 'Europe/Berlin', venues: { cafe: true, bar: false } });
const OLD_WING = siteOf(3, 'Old wing', { archived: true });
const BEA: SiteBarista = { id: 11, name: 'Bea Barista', email: 'bea@example.com' };
const BEN: SiteBarista = { id: 12, name: 'Ben Brewer', email: 'ben@example.com' };
const UMA: SiteBarista = { id: 13, name: 'Uma User', email: 'uma@example.com' };

type Handler = (call: RecordedCall) => { status?: number; body?: unknown } | undefined;

/** The fake server: the sites and baristas as stored; `override` answers first when it answers. */
function serve(override: Handler = () => undefined) {
  let sites = [HEAD_OFFICE, TOWER_B, OLD_WING];
  let baristas: Record<number, SiteBarista[]> = { 1: [BEA], 2: [] };
  const people = [BEA, BEN, UMA];
  const api = mockApi((call) => {
    const answer = override(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path === '/sites') {
      return { body: call.search.get('archived') === 'include' ? sites : sites.filter((s) => !s.archived) };
    }
    if (call.method === 'POST' && call.path === '/sites') {
      const created = siteOf(9, (call.body as Site).name, call.body as Partial<Site>);
      sites = [...sites, { ...created, status: { isCafeOpen: false, isBarOpen: false } }];
      return { status: 201, body: created };
    }
    const baristasOf = /^\/sites\/(\d+)\/baristas$/.exec(call.path);
    if (baristasOf) {
      const id = Number(baristasOf[1]);
      if (call.method === 'PUT') {
        const ids = (call.body as { userIds: number[] }).userIds;
        if (ids.includes(UMA.id)) return apiError(400, 'VALIDATION', `userIds: ${UMA.id} is not a barista`);
        baristas = { ...baristas, [id]: people.filter((p) => ids.includes(p.id)) };
      }
      return { body: baristas[id] ?? [] };
    }
    if (call.method === 'GET' && call.path === '/user/search') {
      const q = call.search.get('q')?.toLowerCase() ?? '';
      return { body: people.filter((p) => p.name.toLowerCase().includes(q)) };
    }
    const shop = /^\/cafe-status\/([a-z-]+)$/.exec(call.path);
    if (shop && call.method === 'PATCH') {
      const id = Number(call.search.get('siteId'));
      const status = { isCafeOpen: shop[1] === 'cafe-open', isBarOpen: shop[1] === 'bar-open' };
      sites = sites.map((s) => (s.id === id ? { ...s, status } : s));
      return { body: status };
    }
    const one = /^\/sites\/(\d+)(\/archive)?$/.exec(call.path);
    const found = sites.find((s) => s.id === Number(one?.[1]));
    if (one && found && call.method === 'PATCH') {
      const changed = { ...found, ...(call.body as Partial<Site>) };
      sites = sites.map((s) => (s.id === found.id ? changed : s));
      return { body: changed };
    }
    if (one?.[2] && found && call.method === 'POST') {
      const archived = { ...found, archived: true };
      sites = sites.map((s) => (s.id === found.id ? archived : s));
      return { body: archived };
    }
    return undefined;
  });
  return {
    ...api,
    rename(id: number, name: string) {
      sites = sites.map((s) => (s.id === id ? { ...s, name } : s));
    },
  };
}

const sent = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path).map((c) => c.body);

beforeEach(() => signIn({ id: 1, name: 'Ada Admin', role: 'admin' }));
afterEach(() => vi.unstubAllGlobals());

async function openNewSite() {
  const user = userEvent.setup();
  renderWithProviders(<SitesAdminRoute />);
  await screen.findByRole('list', { name: 'Sites' });
  await user.click(screen.getByRole('button', { name: 'New site' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'New site' }) };
}

describe('Sites: the list', () => {
  it('shows each open site with its venues, zone and position, and the archived ones when asked', async () => {
    const user = userEvent.setup();
    serve();
    renderWithProviders(<SitesAdminRoute />);
    expect(screen.getByText('Loading sites...')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Sites' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual(['Head office', 'Tower B']);
    expect(items[1]).toHaveTextContent('Europe/Berlin');
    expect(within(items[1]!).getByText('Cafe')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Cafe, Bar')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Cafe open');
    expect(items[0]).toHaveTextContent('13.7466, 100.5393 (orders within 1 km)');

    await user.click(screen.getByRole('switch', { name: 'Show archived sites' }));
    const old = await screen.findByRole('heading', { name: 'Old wing' });
    const oldCard = old.closest('li')!;
    expect(oldCard).toHaveTextContent('Archived');
    // An archived site can only be looked at.
    expect(within(oldCard).queryByRole('button')).not.toBeInTheDocument();
  });

  it('follows the site live event', async () => {
    const server = serve();
    renderWithProviders(<SitesAdminRoute />);
    await screen.findByRole('heading', { name: 'Tower B' });
    server.rename(2, 'Tower C');
    act(() => live.emit('site', { ...TOWER_B, name: 'Tower C' }));
    expect(await screen.findByRole('heading', { name: 'Tower C' })).toBeInTheDocument();
  });

  it('says when there is no site and when the sites cannot be read', async () => {
    mockApi({ 'GET /sites': [] });
    const { unmount } = renderWithProviders(<SitesAdminRoute />);
    expect(await screen.findByText('No sites yet.')).toBeInTheDocument();
    unmount();
    mockApi({ 'GET /sites': apiError(500, 'INTERNAL') });
    renderWithProviders(<SitesAdminRoute />);
    expect(await screen.findByText('The sites could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('Sites: the form', () => {
  it('checks every field before sending, beside the field', async () => {
    const { calls } = serve();
    const { user, dialog } = await openNewSite();
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    const latitude = within(dialog).getByRole('textbox', { name: 'Latitude' });
    await user.type(latitude, '95');
    await user.type(within(dialog).getByRole('textbox', { name: 'Longitude' }), 'east');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Order radius (km)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Order radius (km)' }), '0');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Cafe' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Bar' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(name).toHaveAccessibleDescription("Enter the site's name.");
    expect(latitude).toHaveAccessibleDescription('Enter a latitude between -90 and 90.');
    expect(within(dialog).getByRole('textbox', { name: 'Longitude' })).toHaveAccessibleDescription(
      'Enter a longitude between -180 and 180.',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Order radius (km)' })).toHaveAccessibleDescription(
      'Enter a radius of more than 0 and at most 50 km.',
    );
    expect(within(dialog).getByRole('group', { name: 'Venues' })).toHaveAccessibleDescription(
      'Choose the cafe, the bar or both.',
    );
    expect(sent(calls, 'POST', '/sites')).toEqual([]);

    // A corrected field loses its message.
    await user.type(name, 'Tower C');
    expect(name).not.toHaveAccessibleDescription();
  });

  it('creates a site in the browser zone by default, or another, from my position', async () => {
    const { calls } = serve();
    const getCurrentPosition = vi.fn((done: PositionCallback) =>
      done({ coords: { latitude: 18.78833, longitude: 98.98531 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const { user, dialog } = await openNewSite();
    const zone = within(dialog).getByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(within(zone).getByRole('option', { name: 'Asia/Bangkok' })).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Chiang Mai  ');
    await user.click(within(dialog).getByRole('button', { name: 'Use my position' }));
    expect(within(dialog).getByRole('textbox', { name: 'Latitude' })).toHaveValue('18.788330');
    await user.selectOptions(zone, 'Asia/Bangkok');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Order radius (km)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Order radius (km)' }), '0,5');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Bar' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(sent(calls, 'POST', '/sites')).toEqual([
        {
          name: 'Chiang Mai',
          latitude: 18.78833,
          longitude: 98.98531,
          radiusKm: 0.5,
          timeZone: 'Asia/Bangkok',
          venues: { cafe: true, bar: false },
        },
      ]),
    );
    expect(await screen.findByText('Chiang Mai was added. It starts closed.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Chiang Mai' })).toBeInTheDocument();
  });

  it("shows the server's 400 beside its field and a taken name beside the name", async () => {
    let refusal = apiError(400, 'VALIDATION', 'timeZone: must be an IANA time zone such as Asia/Bangkok');
    serve((call) => (call.method === 'POST' && call.path === '/sites' ? refusal : undefined));
    const { user, dialog } = await openNewSite();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Head office');
    await user.type(within(dialog).getByRole('textbox', { name: 'Latitude' }), '13.7');
    await user.type(within(dialog).getByRole('textbox', { name: 'Longitude' }), '100.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('must be an IANA time zone such as Asia/Bangkok')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Time zone' })).toHaveAccessibleDescription(
      'must be an IANA time zone such as Asia/Bangkok',
    );

    refusal = apiError(409, 'SITE_NAME_TAKEN', 'A site named Head office already exists.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
        'A site named Head office already exists.',
      ),
    );
    // The form stays open with what was typed.
    expect(within(dialog).getByRole('textbox', { name: 'Latitude' })).toHaveValue('13.7');

    refusal = apiError(500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side. Please try again.',
    );
  });

  it('edits a site with its current values', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderWithProviders(<SitesAdminRoute />);
    await user.click(await screen.findByRole('button', { name: 'Edit Tower B' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Tower B' });
    expect(within(dialog).getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Berlin');
    expect(within(dialog).getByRole('checkbox', { name: 'Bar' })).not.toBeChecked();
    const radius = within(dialog).getByRole('textbox', { name: 'Order radius (km)' });
    await user.clear(radius);
    await user.type(radius, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent(calls, 'PATCH', '/sites/2')).toEqual([
        {
          name: 'Tower B',
          latitude: 13.7466,
          longitude: 100.5393,
          radiusKm: 2,
          timeZone: 'Europe/Berlin',
          venues: { cafe: true, bar: false },
        },
      ]),
    );
    expect(await screen.findByText('13.7466, 100.5393 (orders within 2 km)')).toBeInTheDocument();
  });
});

describe('Sites: opening and closing', () => {
  /** The card of the site named `name`. */
  const card = async (name: string) => (await screen.findByRole('heading', { name })).closest('li')!;

  it('lets an admin open the bar of any site, and close it, after a confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderWithProviders(<SitesAdminRoute />);
    const head = await card('Head office');
    const shop = within(head).getByRole('group', { name: 'Shop status of Head office' });
    // Its cafe is open: the bar can be opened instead, or the site closed.
    expect(within(shop).queryByRole('button', { name: 'Open the cafe at Head office' })).not.toBeInTheDocument();
    await user.click(within(shop).getByRole('button', { name: 'Open the bar at Head office' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Open the bar at Head office' });
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(head).toHaveTextContent('Bar open'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const patches = calls.filter((c) => c.method === 'PATCH');
    expect(patches.map((c) => [c.path, c.search.get('siteId')])).toEqual([['/cafe-status/bar-open', '1']]);

    await user.click(within(head).getByRole('button', { name: 'Close Head office' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Close Head office' })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    await waitFor(() => expect(head).toHaveTextContent('Closed'));
    expect(within(head).getByRole('button', { name: 'Open the cafe at Head office' })).toBeInTheDocument();
    expect(within(head).getByRole('button', { name: 'Open the bar at Head office' })).toBeInTheDocument();
  });

  it('offers only the venues a site runs: no bar at a site without one', async () => {
    serve();
    renderWithProviders(<SitesAdminRoute />);
    const tower = await card('Tower B');
    const shop = within(tower).getByRole('group', { name: 'Shop status of Tower B' });
    // Its cafe is open and it runs no bar: closing is all there is to do.
    expect(
      within(shop)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Close Tower B']);
    expect(within(tower).queryByRole('button', { name: /open the bar/i })).not.toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog and keeps the status", async () => {
    const user = userEvent.setup();
    serve((call) =>
      call.method === 'PATCH' ? apiError(403, 'FORBIDDEN', 'You may not change the shop status here') : undefined,
    );
    renderWithProviders(<SitesAdminRoute />);
    const tower = await card('Tower B');
    await user.click(within(tower).getByRole('button', { name: 'Close Tower B' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Close Tower B' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('You may not change the shop status here')).toBeInTheDocument();
    expect(tower).toHaveTextContent('Cafe open');
  });
});

describe('Sites: archiving', () => {
  it('asks first, and shows the refusal in the server words', async () => {
    let refusal: ReturnType<typeof apiError> | undefined = apiError(
      409,
      'SITE_HAS_OPEN_ORDERS',
      'Tower B still has 2 orders for later, waiting, in progress or ready to pick up. Finish or reject them first.',
    );
    const { calls } = serve((call) => (call.path === '/sites/2/archive' ? refusal : undefined));
    const user = userEvent.setup();
    renderWithProviders(<SitesAdminRoute />);
    await user.click(await screen.findByRole('button', { name: 'Archive Tower B' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Archive Tower B?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sent(calls, 'POST', '/sites/2/archive')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Archive Tower B' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Archive Tower B?' });
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Tower B still has 2 orders for later, waiting, in progress or ready to pick up. Finish or reject them first.',
    );
    expect(screen.getByRole('heading', { name: 'Tower B', hidden: true })).toBeInTheDocument();

    refusal = undefined;
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Tower B was archived.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Tower B' })).not.toBeInTheDocument());
    expect(sent(calls, 'POST', '/sites/2/archive')).toHaveLength(2);
  });
});

describe('Sites: baristas', () => {
  it('lists, adds and removes the baristas of a site', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderWithProviders(<SitesAdminRoute />);
    await user.click(await screen.findByRole('button', { name: 'Baristas of Head office' }));
    const dialog = await screen.findByRole('dialog', { name: 'Baristas of Head office' });
    const working = await within(dialog).findByRole('list', { name: 'Working here' });
    expect(
      within(working)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Bea Baristabea@example.com']);

    await user.type(within(dialog).getByRole('searchbox', { name: 'Find a person by name or e-mail' }), 'b');
    await user.click(within(dialog).getByRole('button', { name: 'Find' }));
    const found = await within(dialog).findByRole('list', { name: 'People found' });
    expect(within(dialog).getByText('2 people found.')).toBeInTheDocument();
    // Someone already here is not offered again.
    expect(within(found).queryByRole('button', { name: 'Add Bea Barista' })).not.toBeInTheDocument();
    await user.click(within(found).getByRole('button', { name: 'Add Ben Brewer' }));
    await waitFor(() => expect(sent(calls, 'PUT', '/sites/1/baristas')).toEqual([{ userIds: [11, 12] }]));
    await waitFor(() => expect(within(working).getAllByRole('listitem')).toHaveLength(2));

    await user.click(within(working).getByRole('button', { name: 'Remove Bea Barista' }));
    await waitFor(() => expect(sent(calls, 'PUT', '/sites/1/baristas').at(-1)).toEqual({ userIds: [12] }));
    await waitFor(() =>
      expect(
        within(working)
          .getAllByRole('listitem')
          .map((i) => i.textContent),
      ).toEqual(['Ben Brewerben@example.com']),
    );
  });

  it('says when the person found is not a barista, and when nobody is found', async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(<SitesAdminRoute />);
    await user.click(await screen.findByRole('button', { name: 'Baristas of Tower B' }));
    const dialog = await screen.findByRole('dialog', { name: 'Baristas of Tower B' });
    expect(await within(dialog).findByText('No barista works here yet.')).toBeInTheDocument();
    const search = within(dialog).getByRole('searchbox', { name: 'Find a person by name or e-mail' });
    await user.type(search, 'uma');
    await user.click(within(dialog).getByRole('button', { name: 'Find' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Add Uma User' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Uma User is not a barista. Give them the barista role in User Management first.',
    );
    expect(within(dialog).getByText('No barista works here yet.')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'nobody');
    await user.click(within(dialog).getByRole('button', { name: 'Find' }));
    expect(await within(dialog).findByText('Nobody found.')).toBeInTheDocument();
  });
});

describe('Sites in Thai', () => {
  it('shows the screen and the form checks in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    serve();
    const user = userEvent.setup();
    renderWithProviders(<SitesAdminRoute />);
    expect(await screen.findByRole('heading', { name: 'สาขา', level: 1 })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'เพิ่มสาขา' }));
    const dialog = await screen.findByRole('dialog', { name: 'เพิ่มสาขา' });
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    expect(within(dialog).getByRole('textbox', { name: 'ชื่อ' })).toHaveAccessibleDescription('กรุณากรอกชื่อสาขา');
    expect(screen.queryByText('Sites')).not.toBeInTheDocument();
  });
});
