import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { patterns } from '@/lib/paths';
import { live } from '@/test/fake-live';
import { apiError, mockApi, renderRoutes, signIn, stubScreen, type RecordedCall } from '@/test/render';
import { setBrowserOnline } from '@/test/network';
import { HEAD_OFFICE } from '@/test/sites';
import { ANN, makeDrink, makeRun, MALI } from '@/features/runs/test/fixtures';
import { RunRoute } from './run-route';

const posts = (calls: RecordedCall[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);

const OAT = { groupId: 2, group: 'Milk', choiceId: 21, choice: 'Oat', quantity: 1, isDefault: false };
const TWO_DRINKS = [
  makeDrink({ label: 'Ann (1/2)', of: 2, status: 'in-progress' }),
  makeDrink({
    orderId: 42,
    person: MALI,
    label: 'Mali (2/2)',
    position: 2,
    of: 2,
    drink: 'Mocha · Hot · 0% · Oat',
    menu: { id: 2, name: 'Mocha' },
    type: 'hot',
    sweetness: 0,
    options: [OAT],
    cup: 'tray',
  }),
];

function renderRun(answers: Record<string, unknown>, as: { id?: number } = {}) {
  signIn(as.id ? { id: as.id, name: as.id === ANN.id ? 'Ann' : 'Mali' } : {});
  const api = mockApi({ 'GET /sites': [HEAD_OFFICE], ...answers });
  renderRoutes([{ path: patterns.run, Component: RunRoute }, stubScreen('/menuCafe')], '/runs/5');
  return { ...api, user: userEvent.setup() };
}

describe('RunRoute', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows where and when, its state, and every drink labelled as the counter labels it', async () => {
    renderRun({ 'GET /runs/5': makeRun({ drinks: TWO_DRINKS }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Meeting room 3' })).toBeInTheDocument();
    expect(screen.getByText('Run by Ann')).toBeInTheDocument();
    expect(screen.getByText('Open')).toBeInTheDocument();
    expect(screen.getByText('11:00')).toBeInTheDocument();
    expect(screen.getByText('10:40')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Drinks (2)' })).toBeInTheDocument();
    const [ann, mali] = screen.getAllByTestId('run-drink');
    expect(ann).toHaveTextContent('Ann (1/2)');
    expect(ann).toHaveTextContent('Latte · Cold · Sweetness 50%');
    expect(mali).toHaveTextContent('Mocha · Hot · Sweetness 0% · Oat');
    expect(ann).toHaveTextContent('Being made');
    expect(ann).toHaveTextContent('In their tumbler');
    expect(mali).toHaveTextContent('Mali (2/2)(you)');
    expect(mali).toHaveTextContent("In the runner's tray");
    expect(mali).toHaveTextContent('Added');
    // Mali's drink is in the run already: nothing more to add.
    expect(screen.queryByRole('link', { name: 'Add my drink' })).toBeNull();
  });

  it('says an empty run has no drinks yet, and offers to add one through the cafe menu', async () => {
    const { user } = renderRun({ 'GET /runs/5': makeRun() });
    expect(await screen.findByText('No drinks yet — share the link')).toBeInTheDocument();
    const add = screen.getByRole('link', { name: 'Add my drink' });
    expect(add).toHaveAttribute('href', '/menuCafe?run=5');
    await user.click(add);
    expect(screen.getByTestId('location')).toHaveTextContent('/menuCafe');
  });

  it('copies the link where the phone has no share sheet, and says so', async () => {
    const { user } = renderRun({ 'GET /runs/5': makeRun() });
    // After user-event's set-up, which puts a clipboard of its own on the navigator.
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/runs/5`);
    expect(await screen.findByText("Link copied: paste it into your team's chat")).toBeInTheDocument();
  });

  it("opens the phone's share sheet with the run's title and link", async () => {
    const share = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, share });
    const { user } = renderRun({ 'GET /runs/5': makeRun() });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Coffee run to Meeting room 3, pickup 11:00',
      url: `${window.location.origin}/runs/5`,
    });
  });

  it('shows the link to copy by hand where copying is refused', async () => {
    const { user } = renderRun({ 'GET /runs/5': makeRun() });
    const writeText = vi.fn(() => Promise.reject(new DOMException('Not allowed', 'NotAllowedError')));
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByLabelText('Copy this link')).toHaveValue(`${window.location.origin}/runs/5`);
  });

  it('withdraws my drink after asking, and reads the run again', async () => {
    let run = makeRun({ drinks: TWO_DRINKS });
    const { calls, user } = renderRun({
      'GET /runs/5': () => run,
      'PATCH /order/42': () => {
        run = makeRun({ drinks: [makeDrink()] });
        return { ...TWO_DRINKS[1], status: 'cancel' };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Withdraw my drink' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Withdraw your drink?' });
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.getAllByTestId('run-drink')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'cancel' });
    expect(screen.getByRole('link', { name: 'Add my drink' })).toBeInTheDocument();
  });

  it("says why a withdrawal was refused, in the person's words", async () => {
    const { user } = renderRun({
      'GET /runs/5': makeRun({ drinks: TWO_DRINKS }),
      'PATCH /order/42': apiError(409, 'RUN_CLOSED', 'closed', { messageId: 'people.refusal.runClosedWithdraw' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Withdraw my drink' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This coffee run has closed and its drinks are being made. Ask at the counter if you no longer want yours.',
    );
  });

  it("lets the runner close the run after asking; others get no runner's buttons", async () => {
    const { calls, user } = renderRun(
      {
        'GET /runs/5': makeRun({ drinks: [makeDrink()] }),
        'POST /runs/5/close': makeRun({ drinks: [makeDrink()], state: 'closed', closedAt: '2026-11-18T03:02:00.000Z' }),
      },
      { id: ANN.id },
    );
    await user.click(await screen.findByRole('button', { name: 'Close the run now' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Close the run now?' });
    expect(dialog).toHaveTextContent('1 drink will be made.');
    await user.click(within(dialog).getByRole('button', { name: 'Close the run' }));
    expect(await screen.findByText('Closed')).toBeInTheDocument();
    expect(screen.getByText('Closed at')).toBeInTheDocument();
    expect(screen.getByText('10:02')).toBeInTheDocument();
    expect(posts(calls, '/runs/5/close')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Close the run now' })).toBeNull();
  });

  it('hides the runner buttons from the colleagues in the run', async () => {
    renderRun({ 'GET /runs/5': makeRun({ drinks: TWO_DRINKS }) });
    await screen.findByRole('heading', { level: 1, name: 'Meeting room 3' });
    expect(screen.queryByRole('button', { name: 'Close the run now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Collected' })).toBeNull();
  });

  it('tells the runner the run is ready, and records it collected', async () => {
    const done = [makeDrink({ status: 'done' })];
    const { calls, user } = renderRun(
      {
        'GET /runs/5': makeRun({ state: 'closed', ready: true, drinks: done }),
        'POST /runs/5/collect': makeRun({
          state: 'closed',
          ready: true,
          collected: true,
          drinks: [makeDrink({ status: 'picked' })],
        }),
      },
      { id: ANN.id },
    );
    const banner = await screen.findByText('Your run is ready — collect it at the counter');
    expect(banner.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    await user.click(screen.getByRole('button', { name: 'Collected' }));
    expect(await screen.findByText('Collected — the drinks are on their way')).toBeInTheDocument();
    expect(posts(calls, '/runs/5/collect')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Collected' })).toBeNull();
  });

  it('tells the colleagues in the run who collects it once it is ready', async () => {
    renderRun({ 'GET /runs/5': makeRun({ state: 'closed', ready: true, drinks: [makeDrink({ status: 'done' })] }) });
    expect(await screen.findByText('The run is ready — Ann collects it at the counter')).toBeInTheDocument();
  });

  it('tells the runner the run is ready from its live event, without reading it again', async () => {
    const making = makeRun({ state: 'closed', drinks: [makeDrink({ status: 'in-progress' })] });
    const { calls } = renderRun({ 'GET /runs/5': making }, { id: ANN.id });
    await screen.findByText('Being made');
    const reads = calls.filter((c) => c.method === 'GET' && c.path === '/runs/5').length;
    act(() =>
      live.emit(
        'run',
        makeRun({
          state: 'closed',
          ready: true,
          drinks: [makeDrink({ status: 'done' })],
          updatedAt: '2026-11-18T03:05:00.000Z',
        }),
      ),
    );
    expect(await screen.findByText('Your run is ready — collect it at the counter')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Collected' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/runs/5')).toHaveLength(reads);
    // Another run's event is not this page's; the next change of this run shows.
    act(() => live.emit('run', makeRun({ id: 6, place: 'Lobby' })));
    act(() =>
      live.emit(
        'run',
        makeRun({
          state: 'closed',
          ready: true,
          collected: true,
          over: true,
          drinks: [makeDrink({ status: 'picked' })],
          updatedAt: '2026-11-18T03:06:00.000Z',
        }),
      ),
    );
    expect(await screen.findByText('Collected — the drinks are on their way')).toBeInTheDocument();
    expect(screen.getByText('Over')).toBeInTheDocument();
    expect(screen.queryByText('Lobby')).toBeNull();
    expect(screen.queryByText('Being made')).toBeNull();
  });

  it('reads the run again every 30 seconds while it is under way, as a safety net', async () => {
    vi.useFakeTimers({
      toFake: ['Date', 'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'],
      shouldAdvanceTime: true,
    });
    let run = makeRun({ state: 'closed', drinks: [makeDrink({ status: 'in-progress' })] });
    renderRun({ 'GET /runs/5': () => run });
    await screen.findByText('Being made');
    run = makeRun({ state: 'closed', ready: true, drinks: [makeDrink({ status: 'done' })] });
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.queryByText('The run is ready — Ann collects it at the counter')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(25_000));
    expect(await screen.findByText('The run is ready — Ann collects it at the counter')).toBeInTheDocument();
  });

  it('says a run whose drinks were collected is over, and offers no drink to add', async () => {
    renderRun({
      'GET /runs/5': makeRun({
        state: 'closed',
        closedAt: '2026-11-18T03:10:00.000Z',
        ready: true,
        collected: true,
        over: true,
        drinks: [makeDrink({ status: 'picked' })],
      }),
    });
    expect(await screen.findByText('Over')).toBeInTheDocument();
    expect(screen.getByText('Collected — the drinks are on their way')).toBeInTheDocument();
    expect(screen.getByText('Closed at')).toBeInTheDocument();
    expect(screen.getByText('10:10')).toBeInTheDocument();
    expect(screen.queryByText('Open')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add my drink' })).toBeNull();
  });

  it('words the run in Thai, each drink from its parts', async () => {
    await loadEverything('th');
    i18n.activate('th');
    renderRun({ 'GET /runs/5': makeRun({ drinks: TWO_DRINKS }) });
    const [ann, mali] = await screen.findAllByTestId('run-drink');
    expect(ann).toHaveTextContent('Latte · เย็น · ความหวาน 50%');
    expect(mali).toHaveTextContent('Mocha · ร้อน · ความหวาน 0% · Oat');
    expect(ann).not.toHaveTextContent('Cold');
    expect(screen.getByText('เปิดอยู่')).toBeInTheDocument();
  });

  it('says in Thai that a collected run is over', async () => {
    await loadEverything('th');
    i18n.activate('th');
    renderRun({
      'GET /runs/5': makeRun({
        state: 'closed',
        collected: true,
        over: true,
        drinks: [makeDrink({ status: 'picked' })],
      }),
    });
    expect(await screen.findByText('จบแล้ว')).toBeInTheDocument();
  });

  it('offline, keeps the run in view and says why its buttons wait', async () => {
    renderRun({ 'GET /runs/5': makeRun({ drinks: [makeDrink()] }) }, { id: ANN.id });
    const close = await screen.findByRole('button', { name: 'Close the run now' });
    setBrowserOnline(false);
    expect(close).toBeDisabled();
    expect(close).toHaveAccessibleDescription('You are offline');
    expect(screen.getByRole('button', { name: 'Withdraw my drink' })).toBeDisabled();
    expect(screen.getByRole('heading', { level: 1, name: 'Meeting room 3' })).toBeInTheDocument();
    setBrowserOnline(true);
    expect(close).toBeEnabled();
  });

  it('says a run that does not exist is not there', async () => {
    renderRun({ 'GET /runs/5': apiError(404, 'NOT_FOUND', 'not found') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Run not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Coffee runs' })).toHaveAttribute('href', '/runs');
  });

  it('offers to try again when the run could not be read', async () => {
    renderRun({ 'GET /runs/5': apiError(500, 'INTERNAL', 'boom') });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
